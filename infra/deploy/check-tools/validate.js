// The checks of infra/deploy/check that need a YAML parser and the schemas:
//   node validate.js objects FILE...      every object of rendered manifests against its Kubernetes (or KEDA) schema
//   node validate.js environment FILE...  what the runtime pods must be given outside the local profile
//   node validate.js temporal FILE        the pinned keys of the Temporal chart's values
// Prints one line per problem and exits 1 when there is any.
import fs from "node:fs";
import yaml from "js-yaml";
import * as apps from "kubernetes-models/apps/v1";
import * as core from "kubernetes-models/v1";
import * as autoscaling from "kubernetes-models/autoscaling/v2";
import * as batch from "kubernetes-models/batch/v1";
import * as networking from "kubernetes-models/networking.k8s.io/v1";
import * as policy from "kubernetes-models/policy/v1";
import * as keda from "@kubernetes-models/keda/keda.sh/v1alpha1";

const models = {
  "apps/v1": apps, v1: core, "autoscaling/v2": autoscaling, "batch/v1": batch,
  "networking.k8s.io/v1": networking, "policy/v1": policy, "keda.sh/v1alpha1": keda,
};

const problems = [];
const load = (file) => yaml.loadAll(fs.readFileSync(file, "utf8")).filter(Boolean).map((o) => ({ file, o }));
const name = ({ o }) => `${o.kind}/${o.metadata?.name}`;

function objects(files) {
  const all = files.flatMap(load);
  for (const item of all) {
    const Model = models[item.o.apiVersion]?.[item.o.kind];
    if (!Model) { problems.push(`${item.file}: ${name(item)}: no schema known for ${item.o.apiVersion}`); continue; }
    try { new Model(item.o).validate(); } catch (e) { problems.push(`${item.file}: ${name(item)}: ${e.message}`); }
  }
  // KEDA makes its own HPA for a ScaledObject: a second one on the same Deployment would fight it
  for (const file of files) {
    const scaled = load(file).filter(({ o }) => o.kind === "ScaledObject").map(({ o }) => o.spec.scaleTargetRef.name);
    for (const { o } of load(file).filter(({ o }) => o.kind === "HorizontalPodAutoscaler")) {
      if (scaled.includes(o.spec.scaleTargetRef.name)) {
        problems.push(`${file}: ${o.spec.scaleTargetRef.name} has both a ScaledObject and an HPA`);
      }
    }
  }
  return all.length;
}

const common = ["TEMPORAL_ADDRESS", "TEMPORAL_NAMESPACE", "TEMPORAL_TLS_ENABLED", "DATABASE_URL", "DATABASE_USERNAME",
  "DATABASE_PASSWORD", "DATABASE_POOL_SIZE", "DATABASE_POOL_MIN_IDLE", "PAYWIRE_FLYWAY_ENABLED", "PAYWIRE_SECRETS_KEY",
  "PAYWIRE_PAYLOAD_KEYS", "PAYWIRE_PAYLOAD_KEY_ID", "PAYWIRE_SANDBOX_ENABLED", "PAYWIRE_RAILS_MOBILE_MONEY_URL",
  "PAYWIRE_RAILS_BANK_URL", "PAYWIRE_RAILS_CARD_PROCESSOR_URL", "PAYWIRE_RAILS_IDENTITY_REGISTRY_URL",
  "PAYWIRE_RAILS_AIRTIME_URL", "PAYWIRE_RAILS_BILLER_URL", "PAYWIRE_RAILS_CALLBACK_BASE_URL", "PAYWIRE_PUBLIC_BASE_URL"];
const required = {
  api: [...common, "PAYWIRE_APP_DOMAIN_NAME", "PAYWIRE_TOKEN_SIGNING_KEY", "PAYWIRE_MOBILE_MONEY_CALLBACK_SECRET",
    "PAYWIRE_BANK_CALLBACK_SECRET", "PAYWIRE_CARD_PROCESSOR_CALLBACK_SECRET"],
  worker: [...common, "PAYWIRE_TASK_QUEUES", "PAYWIRE_WORKER_SHUTDOWN_GRACE", "PAYWIRE_WORKER_MANAGEMENT_PORT"],
};
const secretLike = /(PASSWORD|SECRET|_KEY|_KEYS)$/;

function environment(files) {
  let checked = 0;
  for (const file of files) {
    const items = load(file);
    const configMaps = Object.fromEntries(items.filter(({ o }) => o.kind === "ConfigMap").map(({ o }) => [o.metadata.name, o.data ?? {}]));
    for (const { o } of items.filter(({ o }) => o.kind === "Deployment")) {
      const role = o.metadata.labels?.["app.kubernetes.io/component"];
      if (!required[role]) continue;
      checked++;
      const container = o.spec.template.spec.containers[0];
      const values = {};
      for (const from of container.envFrom ?? []) Object.assign(values, configMaps[from.configMapRef?.name] ?? {});
      for (const e of container.env ?? []) values[e.name] = e.valueFrom ? { from: e.valueFrom } : e.value;
      const where = `${file}: Deployment/${o.metadata.name}`;
      for (const variable of required[role]) {
        if (values[variable] === undefined || values[variable] === "") problems.push(`${where}: ${variable} is not set`);
      }
      for (const [variable, value] of Object.entries(values)) {
        if (secretLike.test(variable) && typeof value === "string" && !value.startsWith("/")) {
          problems.push(`${where}: ${variable} is a literal; it must come from a Secret`);
        }
        if (/^PAYWIRE_(RAILS_.*_URL|RAILS_CALLBACK_BASE_URL|PUBLIC_BASE_URL)$/.test(variable) && typeof value === "string"
            && (!value.startsWith("https://") || /localhost|127\.0\.0\.1|simulator/.test(value))) {
          problems.push(`${where}: ${variable}=${value} is not a public https URL`);
        }
      }
      if (values.PAYWIRE_FLYWAY_ENABLED !== "false") problems.push(`${where}: PAYWIRE_FLYWAY_ENABLED must be false (the Job migrates)`);
      if (values.PAYWIRE_SANDBOX_ENABLED !== "false") problems.push(`${where}: PAYWIRE_SANDBOX_ENABLED must be false`);
    }
  }
  if (checked === 0) problems.push("no API or worker Deployment found");
  return checked;
}

function temporal(file) {
  const v = yaml.load(fs.readFileSync(file, "utf8"));
  const expect = (path, test, what) => {
    const value = path.split(".").reduce((o, k) => o?.[k], v);
    if (!test(value)) problems.push(`${file}: ${path} = ${JSON.stringify(value)}: ${what}`);
  };
  const exactTag = (t) => typeof t === "string" && /^\d+\.\d+\.\d+$/.test(t);
  expect("server.image.tag", exactTag, "pin an exact server version");
  expect("admintools.image.tag", (t) => t === v.server?.image?.tag, "admin-tools must match the server");
  expect("web.image.tag", exactTag, "pin an exact UI version");
  expect("server.config.persistence.numHistoryShards", (n) => Number.isInteger(n) && n >= 4096 && (n & (n - 1)) === 0,
    "a power of two, at least 4,096 for the sizing guide's 10,000 lines/s (it can never change)");
  for (const store of ["default", "visibility"]) {
    expect(`server.config.persistence.datastores.${store}.sql.manageSchema`, (b) => b === true, "the schema Job must run");
    expect(`server.config.persistence.datastores.${store}.sql.existingSecret`, (s) => !!s, "the password from a Secret");
    expect(`server.config.persistence.datastores.${store}.sql.password`, (s) => s === undefined, "no literal password");
  }
  expect("server.config.namespaces.namespace", (ns) => ns?.some((n) => n.name === "paywire" && n.retention),
    "the paywire namespace with a retention");
  const env = Object.fromEntries((v.web?.additionalEnv ?? []).map((e) => [e.name, e.value]));
  expect("web.additionalEnv", () => /\/codec$/.test(env.TEMPORAL_CODEC_ENDPOINT ?? ""), "TEMPORAL_CODEC_ENDPOINT must be Paywire's /codec");
  expect("web.additionalEnv", () => env.TEMPORAL_AUTH_ENABLED === "true" && !!env.TEMPORAL_AUTH_PROVIDER_URL,
    "the UI must sign operators in (TEMPORAL_AUTH_ENABLED, TEMPORAL_AUTH_PROVIDER_URL)");
  expect("web.additionalEnv", () => env.TEMPORAL_AUTH_CLIENT_SECRET === undefined, "the OIDC client secret must come from a Secret");
  return 1;
}

const [mode, ...files] = process.argv.slice(2);
const run = { objects, environment, temporal: (f) => temporal(f[0]) }[mode];
if (!run) { console.error("usage: node validate.js objects|environment|temporal FILE..."); process.exit(2); }
const count = run(files);
for (const p of problems) console.log(p);
if (problems.length) process.exit(1);
console.log(`${count} checked`);
