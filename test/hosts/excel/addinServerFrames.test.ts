/**
 * The web demo's files refuse to be framed by another site (a hidden frame could steer the
 * seller's click onto "Use" a link's API address); the Excel files stay frameable, because
 * Excel on the web shows the task pane in a frame.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startAddinServer } from "../../../src/hosts/excel/addinServer";

async function headersOf(ownWindowOnly: boolean): Promise<Headers> {
  const root = mkdtempSync(path.join(os.tmpdir(), "mkt-frames-"));
  writeFileSync(path.join(root, "taskpane.html"), "<p>pane</p>");
  const server = await startAddinServer({ root, ownWindowOnly });
  try {
    const res = await fetch(`${server.url}/taskpane.html`);
    expect(res.status).toBe(200);
    await res.text();
    return res.headers;
  } finally {
    await server.close();
  }
}

test("ownWindowOnly: no other site may frame the page", async () => {
  const headers = await headersOf(true);
  expect(headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
  expect(headers.get("x-frame-options")).toBe("DENY");
});

test("the Excel files stay frameable", async () => {
  const headers = await headersOf(false);
  expect(headers.get("content-security-policy")).toBeNull();
  expect(headers.get("x-frame-options")).toBeNull();
});
