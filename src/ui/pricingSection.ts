/** "New pricing sheet" for a shop of any marketplace, and Refresh of one (issue 20 item 2). */
import { h } from "preact";
import { useRef, useState } from "preact/hooks";
import type { PricingOutcome } from "../sidebar/pricingSheet";
import type { HostBridge, JobRunOptions, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { jobLine } from "./jobLine";
import { useQuestion } from "./question";
import { shopLabel } from "./shopsSection";

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

/** Product ids the API did not answer, named (each row says so too). */
const notFound = (ids: readonly string[] = []): string =>
  ids.length === 0
    ? ""
    : `, ${ids.length} not found: ${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ` and ${ids.length - 5} more` : ""}`;

const said = (o: PricingOutcome, verb: string): string =>
  `${o.sheetName}: ${verb} ${o.asked.toLocaleString("en-US")} of ${o.rows.toLocaleString("en-US")} rows in ${o.requests} request${o.requests === 1 ? "" : "s"}${notFound(o.notFound)}. ` +
  "Type targets and planned prices in their columns, then Refresh: only changed rows are asked.";

/** How many products a new sheet takes when the seller leaves "Products" empty (sent as a number). */
const DEFAULT_PRODUCTS = 500;

/**
 * The "Products" field as asked: empty means the default (shown as the field's placeholder,
 * never as its value, so a reload shows only what the seller typed), else a whole number from
 * 1 to 5000; a string is the problem to show.
 */
export function productsAsked(text: string): { products: number } | string {
  const typed = text.trim();
  if (typed === "") return { products: DEFAULT_PRODUCTS };
  const count = Number(typed);
  return Number.isInteger(count) && count >= 1 && count <= 5000
    ? { products: count }
    : `Products: a whole number from 1 to 5000 (got ${typed}); leave it empty for the first ${DEFAULT_PRODUCTS}`;
}

/** The pricing sheet section. */
export function PricingSection(p: {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}) {
  const shops = p.shops?.shops ?? [];
  const keyOf = (s: { marketplace: string; id: string }): string => `${s.marketplace}:${s.id}`;
  const [shopKey, setShopKey] = useState("");
  const [sheetName, setSheetName] = useState("Pricing");
  const [products, setProducts] = useState("");
  const [productIds, setProductIds] = useState("");
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const question = useQuestion("pricing-confirm");
  const abort = useRef<AbortController | null>(null);
  const shop = shops.find((s) => keyOf(s) === shopKey) ?? shops[0];
  const isC = shop?.marketplace === "C";
  const ids = productIds
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

  // Each step on the line while it works, with the steps and time left; Cancel stops it.
  const progress = (): JobRunOptions => {
    abort.current = new AbortController();
    return {
      signal: abort.current.signal,
      onProgress: (at) => setStatus({ text: jobLine(at), kind: "info" }),
      confirm: (text, answers) => question.ask(text, abort.current?.signal, answers),
    };
  };
  const run = async (work: () => Promise<PricingOutcome>, verb: string): Promise<void> => {
    question.dismiss();
    setRunning(true);
    setStatus({ text: "Starting…", kind: "info" });
    try {
      setStatus({ text: said(await work(), verb), kind: "ok" });
    } catch (e) {
      const cancelled = e instanceof Error && e.name === "JobCancelled";
      setStatus({ text: messageOf(e), kind: cancelled ? "info" : "error" });
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };
  const asked = productsAsked(products);
  const problem = !shop
    ? "Pick a shop (Shops, above)"
    : isC && ids.length === 0
      ? "Product ids: enter the marketplace C product ids to price (the API lists no C products)"
      : !isC && typeof asked === "string"
        ? asked
        : sheetName.trim() === "" || /[[\]*?/\\:]/.test(sheetName)
          ? "Name the sheet (no [ ] * ? / \\ :)"
          : null;

  return h(Section, { id: "pricing", title: "Pricing sheet" }, [
    h(
      "p",
      { class: "hint" },
      "A table of the shop's variants (A models, B and C SKUs): today's price and profit, your target margin (20 % to start) and planned buyer price (to start, Price today or today's list price, whichever is lower: the API prices a planned price by a discount from today's list price, never above it), the price that reaches the target and the profit at your price. Formulas and the highlight of rows below target work for anyone who opens the file.",
    ),
    h(SelectField, {
      id: "pricing-shop",
      label: "Shop or seller",
      value: shop ? keyOf(shop) : "",
      options: shops.map((s) => ({ value: keyOf(s), label: shopLabel(s) })),
      onChange: setShopKey,
    }),
    h(TextField, { id: "pricing-sheet", label: "Sheet", value: sheetName, onInput: setSheetName }),
    isC
      ? h(TextField, {
          id: "pricing-product-ids",
          label: "Product ids (comma separated)",
          value: productIds,
          onInput: setProductIds,
          hint: "Marketplace C's API lists no products: paste the ids to price.",
        })
      : h(TextField, {
          id: "pricing-products",
          label: "Products",
          type: "number",
          value: products,
          placeholder: String(DEFAULT_PRODUCTS),
          hint: `How many of the shop's products, 1 to 5000; empty: the first ${DEFAULT_PRODUCTS}.`,
          onInput: setProducts,
        }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "pricing-new",
        label: "New pricing sheet",
        primary: true,
        disabled: running,
        onClick: () =>
          problem || !shop
            ? setStatus({ text: problem ?? "", kind: "error" })
            : void run(
                () =>
                  p.bridge.newPricingSheet(
                    {
                      marketplace: shop.marketplace,
                      shopId: Number(shop.id),
                      region: shop.region,
                      sheetName: sheetName.trim(),
                      ...(isC ? { productIds: ids } : typeof asked === "string" ? {} : asked),
                    },
                    progress(),
                  ),
                "answered",
              ),
      }),
      h(Button, {
        id: "pricing-refresh",
        label: "Refresh",
        disabled: running,
        onClick: () =>
          void run(
            () => p.bridge.refreshPricingSheet(sheetName.trim(), progress()),
            "asked again for",
          ),
      }),
      running
        ? h(Button, {
            id: "pricing-cancel",
            label: "Cancel",
            onClick: () => abort.current?.abort(),
          })
        : null,
    ]),
    question.view,
    h(Status, { id: "pricing-status", ...question.beside(status) }),
  ]);
}
