// The simulated clock: real time shifted by an offset the control API can set or advance, so a
// test can live through a release, a maintenance day or a month in a moment.
export class SimulatedClock {
  private offsetMs: number;

  constructor(start?: string) {
    this.offsetMs = start ? new Date(start).getTime() - Date.now() : 0;
  }

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}
