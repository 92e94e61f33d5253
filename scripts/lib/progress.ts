// A one-line progress bar on a terminal; plain lines (every 10%) when output is not a terminal.
export function progressReporter(stream: NodeJS.WriteStream = process.stderr) {
  let lastTenth = -1;
  return {
    update(label: string, done: number, total: number, extra = ""): void {
      const ratio = total ? Math.min(1, done / total) : 1;
      if (stream.isTTY) {
        const width = 30;
        const filled = Math.round(ratio * width);
        stream.write(
          `\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${extra}\x1b[K`,
        );
        return;
      }
      const tenth = Math.floor(ratio * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        stream.write(`${label} ${done}/${total} ${extra}\n`);
      }
    },
    note(line: string): void {
      stream.write(`${stream.isTTY ? "\r\x1b[K" : ""}${line}\n`);
    },
    end(): void {
      if (stream.isTTY) stream.write("\n");
    },
  };
}
