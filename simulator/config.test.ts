import { describe, expect, it } from "vitest";
import { PROFILES, parseOptions, resolveOptions } from "./config";

const LIVE = {
  datasetKeys: "region",
  regionScheme: "live",
  stringScalars: true,
  shufflePoints: true,
  extraFields: true,
  forecastMonths: 9,
  tokenMaxUses: 150,
  transientFaultRate: 0.03,
  wording: "live",
  history: false,
  gatewayStyle: true,
} as const;

describe("profiles", () => {
  it("leaves every habit off in the default profile", () => {
    const o = resolveOptions();
    expect(o).toMatchObject({
      profile: "default",
      datasetKeys: "country",
      regionScheme: "default",
      stringScalars: false,
      shufflePoints: false,
      extraFields: false,
      forecastMonths: 6,
      tokenMaxUses: 0,
      transientFaultRate: 0,
      wording: "default",
      history: true,
      gatewayStyle: false,
    });
    expect(o.datasetField).toBeUndefined();
  });

  it("presets the live vendor's habits, programmatically, on the command line and from the environment", () => {
    expect(PROFILES.live).toEqual(LIVE);
    expect(resolveOptions({ profile: "live" })).toMatchObject(LIVE);
    expect(parseOptions(["--profile", "live"], {})).toMatchObject(LIVE);
    expect(parseOptions([], { SIM_PROFILE: "live" })).toMatchObject(LIVE);
    expect(resolveOptions({ profile: "live" }).datasetField).toBeUndefined();
  });

  it("lets explicit options win over the profile's presets", () => {
    expect(resolveOptions({ profile: "live", history: true, transientFaultRate: 0 })).toMatchObject({
      ...LIVE,
      history: true,
      transientFaultRate: 0,
    });
    expect(resolveOptions({ profile: "live", history: undefined }).history).toBe(false);
    const cli = parseOptions(
      ["--profile", "live", "--history", "--no-string-scalars", "--forecast-months", "6"],
      {
        SIM_REGION_SCHEME: "default",
      },
    );
    expect(cli).toMatchObject({
      history: true,
      stringScalars: false,
      forecastMonths: 6,
      regionScheme: "default",
    });
    expect(cli.shufflePoints).toBe(true);
    // an environment variable is explicit too; the command line wins over it
    expect(parseOptions(["--profile", "live"], { SIM_GATEWAY_STYLE: "0" }).gatewayStyle).toBe(false);
    expect(parseOptions(["--no-gateway-style"], { SIM_PROFILE: "live" }).gatewayStyle).toBe(false);
  });

  it("turns each switch on on its own", () => {
    const o = parseOptions(
      [
        "--string-scalars",
        "--shuffle-points",
        "--extra-fields",
        "--wording",
        "live",
        "--token-max-uses",
        "5",
        "--transient-fault-rate",
        "0.5",
        "--dataset-field",
        "data_set",
        "--region-scheme",
        "live",
      ],
      {},
    );
    expect(o).toMatchObject({
      profile: "default",
      stringScalars: true,
      shufflePoints: true,
      extraFields: true,
      wording: "live",
      tokenMaxUses: 5,
      transientFaultRate: 0.5,
      datasetField: "data_set",
      regionScheme: "live",
      history: true,
      gatewayStyle: false,
    });
    expect(parseOptions([], { SIM_DATASET_FIELD: "dataset_key", SIM_STRING_SCALARS: "1" })).toMatchObject({
      datasetField: "dataset_key",
      stringScalars: true,
    });
  });

  it.each([
    [["--profile", "vendor"], /--profile \(SIM_PROFILE\)/],
    [["--transient-fault-rate", "2"], /--transient-fault-rate/],
    [["--dataset-field", "coverage"], /--dataset-field/],
    [["--dataset-field", "has space"], /--dataset-field/],
    [["--region-scheme", "emea"], /--region-scheme/],
  ])("refuses %j", (argv, message) => {
    expect(() => parseOptions(argv, {})).toThrow(message);
  });
});
