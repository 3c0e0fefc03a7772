/** "New pricing sheet" for a marketplace A shop, and Refresh of one (issue 20 item 2). */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { PricingOutcome } from "../sidebar/pricingSheet";
import type { HostBridge, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { shopLabel } from "./shopsSection";

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

const said = (o: PricingOutcome, verb: string): string =>
  `${o.sheetName}: ${verb} ${o.asked.toLocaleString("en-US")} of ${o.rows.toLocaleString("en-US")} rows in ${o.requests} request${o.requests === 1 ? "" : "s"}. ` +
  "Type targets and planned prices in their columns, then Refresh: only changed rows are asked.";

/** The pricing sheet section. */
export function PricingSection(p: {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}) {
  const shops = (p.shops?.shops ?? []).filter((s) => s.marketplace === "A");
  const [shopKey, setShopKey] = useState("");
  const [sheetName, setSheetName] = useState("Pricing");
  const [products, setProducts] = useState("500");
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const shop = shops.find((s) => s.id === shopKey) ?? shops[0];

  const run = async (work: () => Promise<PricingOutcome>, verb: string): Promise<void> => {
    setRunning(true);
    setStatus({ text: "Asking the API…", kind: "info" });
    try {
      setStatus({ text: said(await work(), verb), kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setRunning(false);
    }
  };
  const count = Number(products);
  const problem = !shop
    ? "Pick a marketplace A shop (Shops, above)"
    : !(Number.isInteger(count) && count >= 1 && count <= 5000)
      ? "Products: a whole number from 1 to 5000"
      : sheetName.trim() === "" || /[[\]*?/\\:]/.test(sheetName)
        ? "Name the sheet (no [ ] * ? / \\ :)"
        : null;

  return h(Section, { id: "pricing", title: "Pricing sheet" }, [
    h(
      "p",
      { class: "hint" },
      "A table of the shop's models: today's price and profit, your target margin and planned buyer price, the price that reaches the target and the profit at your price. Formulas and the highlight of rows below target work for anyone who opens the file.",
    ),
    h(SelectField, {
      id: "pricing-shop",
      label: "Shop (marketplace A)",
      value: shop?.id ?? "",
      options: shops.map((s) => ({ value: s.id, label: shopLabel(s) })),
      onChange: setShopKey,
    }),
    h(TextField, { id: "pricing-sheet", label: "Sheet", value: sheetName, onInput: setSheetName }),
    h(TextField, {
      id: "pricing-products",
      label: "Products",
      type: "number",
      value: products,
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
                  p.bridge.newPricingSheet({
                    shopId: Number(shop.id),
                    region: shop.region,
                    sheetName: sheetName.trim(),
                    products: count,
                  }),
                "answered",
              ),
      }),
      h(Button, {
        id: "pricing-refresh",
        label: "Refresh",
        disabled: running,
        onClick: () =>
          void run(() => p.bridge.refreshPricingSheet(sheetName.trim()), "asked again for"),
      }),
    ]),
    h(Status, { id: "pricing-status", ...status }),
  ]);
}
