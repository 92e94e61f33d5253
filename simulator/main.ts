// `npm run simulator -- --port 4010 [--control] [--size 50000] …`: the vendor API simulator.
import { monthToKey } from "@/lib/domain/months";
import { parseOptions } from "./config";
import { startSimulator } from "./server";

async function main() {
  const options = parseOptions(process.argv.slice(2), process.env);
  const sim = await startSimulator(options);
  const state = sim.state;
  const vintage = state.vintage();
  const total = state.catalogue.baseCount("industry_economics") + state.catalogue.baseCount("energy_price");
  console.log(
    `Simulator listening on ${sim.url} — ${total} assessments, release ${monthToKey(vintage)}, ` +
      `login ${options.username}/${options.password.replace(/./g, "*")}` +
      `${options.profile !== "default" ? `, profile ${options.profile}` : ""}${options.control ? ", control API on" : ""}`,
  );
  const stop = () => void sim.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
