/**
 * The naive client a seller could write (ImportJSON style) as an Apps Script project for the
 * simulator: one UrlFetchApp.fetch per cell, no cache, no coordination; over the limit it says
 * what such scripts say: recalculate later.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CODE = String.raw`
function naiveNetProfit(shopId, region, itemId, modelId) {
  var props = PropertiesService.getUserProperties();
  var body = { shopId: shopId, region: region, itemId: itemId };
  if (modelId !== undefined && modelId !== "") body.modelId = modelId;
  var res = UrlFetchApp.fetch(props.getProperty("mkt.baseUrl") + "/api/mkt-a/financial-breakdown/product", {
    method: "post",
    contentType: "application/json",
    headers: { Authorization: "Bearer " + props.getProperty("mkt.apiKey") },
    payload: JSON.stringify(body),
    muteHttpExceptions: true
  });
  if (res.getResponseCode() === 429)
    throw new Error("Rate limit reached (60 requests/minute per key): recalculate in " + res.getAllHeaders()["retry-after"] + " s");
  return JSON.parse(res.getContentText()).data.metadata.netProfit;
}
`;

/** Write the naive project (custom function NAIVE_NET_PROFIT); returns its folder. */
export function naiveBundle(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sheets-naive-"));
  writeFileSync(path.join(dir, "Code.js"), CODE);
  writeFileSync(
    path.join(dir, "Stubs.js"),
    "/**\n * Net profit of one product, one request per cell.\n * @customfunction\n */\nfunction NAIVE_NET_PROFIT(shopId, region, itemId, modelId) {\n  return naiveNetProfit(shopId, region, itemId, modelId);\n}\n",
  );
  writeFileSync(path.join(dir, "Sidebar.html"), "<html></html>");
  return dir;
}
