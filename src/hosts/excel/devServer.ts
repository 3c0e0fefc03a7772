/**
 * `npm run dev:excel`: serves dist/excel over HTTPS on MKT_ADDIN_URL's port (default 3000)
 * next to the reference server, for sideloading dist/excel/manifest.xml into Excel on the
 * web. Certificates come from office-addin-dev-certs; where it cannot install its CA (Linux
 * without a trust store or sudo) we generate the same certificates without installing them
 * and say so: the browser must then be told to trust the CA by hand.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateCertificates, getHttpsServerOptions } from "office-addin-dev-certs";
import { messageOf } from "../../core/errors";
import { startAddinServer } from "./addinServer";

interface Tls {
  readonly key: Buffer;
  readonly cert: Buffer;
}

async function devCertificates(): Promise<Tls> {
  try {
    const options = await withTimeout(getHttpsServerOptions(), 60_000);
    return { key: options.key, cert: options.cert };
  } catch (e) {
    const dir = path.join(os.tmpdir(), "mkt-excel-dev-certs");
    const ca = path.join(dir, "ca.crt");
    const cert = path.join(dir, "localhost.crt");
    const key = path.join(dir, "localhost.key");
    await generateCertificates(ca, cert, key, 30, ["127.0.0.1", "localhost"]);
    console.warn(
      `Could not install the Office dev CA (${messageOf(e)}).\n` +
        `Using a locally generated, UNTRUSTED certificate instead. Trust ${ca} in your browser/OS, ` +
        `or open ${"https://localhost"} once and accept it, before sideloading.`,
    );
    return { key: readFileSync(key), cert: readFileSync(cert) };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

function startReferenceServer(root: string): ChildProcess {
  const tsx = path.join(root, "node_modules", ".bin", "tsx");
  return spawn(tsx, [path.join(root, "src", "server", "main.ts")], { stdio: "inherit", cwd: root });
}

async function main(): Promise<void> {
  const root = path.resolve(__dirname, "..", "..", "..");
  const addinUrl = new URL(process.env.MKT_ADDIN_URL ?? "https://localhost:3000");
  const tls = await devCertificates();
  const server = await startAddinServer({
    root: path.join(root, "dist", "excel"),
    host: "127.0.0.1",
    port: Number(addinUrl.port || 443),
    tls,
  });
  const api = process.env.MKT_NO_SERVER === "1" ? null : startReferenceServer(root);
  console.log(`Excel add-in files at ${server.url} (dist/excel; rebuild with npm run build)`);
  console.log(
    "Sideload dist/excel/manifest.xml in Excel on the web: Insert > Add-ins > Upload My Add-in.",
  );
  const stop = (): void => {
    api?.kill("SIGTERM");
    void server.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

if (require.main === module) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
