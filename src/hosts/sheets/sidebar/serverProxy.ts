/**
 * One typed proxy over google.script.run. Its names, parameters and return types are those of
 * the Sheets server functions themselves (main.ts and the sidebar server), taken from their
 * TypeScript types: nothing is declared twice, and a renamed server function fails to compile
 * here. Only types cross into the sidebar bundle; the proxy forwards any name at run time.
 */
import type * as Main from "../main";
import type { SidebarServerFunctions } from "./sidebarServer";

/** google.script.run as a promise, by name (tests plug a scripted server in here). */
export type ServerCall = (name: string, ...args: unknown[]) => Promise<unknown>;

/** Every function the sidebar may call on the server. */
export type SheetsServer = typeof Main.MENU_SERVER_FUNCTIONS &
  typeof Main.SCHEDULER_SERVER_FUNCTIONS &
  typeof Main.TOOLS_SERVER_FUNCTIONS &
  SidebarServerFunctions;

/** A server as the sidebar calls it: the same names and parameters, answers as promises. */
export type Remote<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<R>
    : never;
};

/** The typed proxy over a by-name server call. */
export function serverProxy(run: ServerCall): Remote<SheetsServer> {
  return new Proxy({} as Remote<SheetsServer>, {
    get: (_target, name) =>
      typeof name === "string" ? (...args: unknown[]) => run(name, ...args) : undefined,
  });
}

interface GoogleScriptRun {
  withSuccessHandler(fn: (value: unknown) => void): GoogleScriptRun;
  withFailureHandler(fn: (error: unknown) => void): GoogleScriptRun;
  [name: string]: unknown;
}

/** The real google.script.run, by name, as a promise. */
export function googleScriptCall(): ServerCall {
  const google = (globalThis as unknown as { google?: { script?: { run?: GoogleScriptRun } } })
    .google;
  const run = google?.script?.run;
  if (!run) throw new Error("Open this sidebar from Google Sheets (google.script.run is missing)");
  return (name: string, ...args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const runner = run
        .withSuccessHandler((v) => resolve(v))
        .withFailureHandler((e) =>
          reject(
            e instanceof Error ? e : new Error(String((e as { message?: unknown })?.message ?? e)),
          ),
        );
      const fn = runner[name];
      if (typeof fn !== "function") return reject(new Error(`Server function ${name} is missing`));
      (fn as (...a: unknown[]) => void).apply(runner, args);
    });
}
