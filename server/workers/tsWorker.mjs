// A worker thread running a TypeScript module: the server runs under tsx, but a worker does not
// inherit its loader, so this plain-JS entry registers tsx in the worker, then imports the module.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
