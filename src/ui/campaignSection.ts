/**
 * "Campaign sheet" (issue 34 item 3): for a shop's SKUs the seller pastes and one campaign (a
 * discount off the list price, a voucher per unit, or a buyer price), a sheet of each SKU's
 * margin and profit in the campaign, the deepest discount that still keeps the target margin,
 * and a flag with the API's reason where a SKU cannot join. It runs as a job: its cost is asked
 * above a minute, its line shows steps and time left, Cancel stops it, a closed sidebar resumes.
 */
import { h } from "preact";
import { useRef, useState } from "preact/hooks";
import type { Campaign, CampaignSku } from "../imports/campaign/campaignAsk";
import { MAX_TOP, pickEstimate, type CampaignPick } from "../imports/campaign/campaignPick";
import type { CampaignOutcome } from "../sidebar/jobs/campaignJob";
import type { HostBridge, JobRunOptions, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { jobLine } from "./jobLine";
import { useQuestion } from "./question";
import { shopLabel } from "./shopsSection";

type StatusLine = { text: string; kind: "info" | "ok" | "error" };
type Kind = Campaign["kind"];

const n = (x: number): string => x.toLocaleString("en-US");

/**
 * The SKUs as pasted: one a line (or separated by commas or semicolons), each its item id and,
 * after a tab, space, colon or slash, its variant id (A model, B or C SKU); columns copied from
 * a sheet paste as such lines, a third (tab-separated) being the SKU's name. A problem names it.
 */
export function parseSkus(text: string): CampaignSku[] | string {
  // Pasted cells (tab-separated) keep their commas: a name may hold one.
  const entries = text
    .split(text.includes("\t") ? /\n+/ : /[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const out: CampaignSku[] = [];
  for (const [i, entry] of entries.entries()) {
    // Columns copied from a sheet come tab-separated, a name may follow the two ids.
    const tabbed = entry.includes("\t");
    const [item, variant, ...rest] = tabbed
      ? entry.split("\t").map((s) => s.trim())
      : entry.split(/[\s:/]+/);
    if (!item || (!tabbed && rest.length > 0))
      return `SKUs: entry ${i + 1} ("${entry.slice(0, 40)}") should be an item id, then its variant id`;
    // A product without variants: its variant cell copies as empty, "null" or "-".
    const none = !variant || /^(null|-)$/i.test(variant);
    const name = rest.join(" ").trim();
    out.push({ itemId: item, variantId: none ? null : variant, ...(name ? { name } : {}) });
  }
  return out.length > 0 ? out : "SKUs: paste the item ids and variant ids, one SKU a line";
}

/** What the seller reads when the sheet is written. */
export function campaignDoneText(o: CampaignOutcome): string {
  const kept = o.keptEdits ? ` Kept ${n(o.keptEdits)} cells you changed by hand.` : "";
  return (
    `${o.sheetName}: ${n(o.rows)} SKUs priced in ${n(o.requests)} request${o.requests === 1 ? "" : "s"}${o.currency ? ` (prices in ${o.currency})` : ""}. ` +
    `${n(o.cannotJoin)} cannot join, ${n(o.losses)} lose money in the campaign, ${n(o.belowTarget)} fall below the target margin (Flag column).${kept}`
  );
}

const CAMPAIGN_KINDS: readonly { value: Kind; label: string; field: string }[] = [
  { value: "discount", label: "Discount off the list price", field: "Discount %" },
  { value: "voucher", label: "Voucher per unit", field: "Voucher amount per unit" },
  { value: "price", label: "Target buyer price", field: "Buyer price" },
];

/** The campaign as typed, or the problem naming its field. */
function campaignOf(kind: Kind, text: string): Campaign | string {
  const v = Number(text);
  if (text.trim() === "" || !Number.isFinite(v)) {
    const field = CAMPAIGN_KINDS.find((k) => k.value === kind)?.field ?? "Amount";
    return `${field}: a number`;
  }
  if (kind === "discount") {
    if (!(v > 0 && v < 100)) return "Discount %: above 0 and below 100, e.g. 15";
    return { kind, percent: v / 100 };
  }
  if (!(v > 0)) return `${kind === "voucher" ? "Voucher amount" : "Buyer price"}: above 0`;
  return kind === "voucher" ? { kind, amount: v } : { kind, buyerPrice: v };
}

type Source = "paste" | CampaignPick["by"];

/** The top N as typed, or the problem naming the field. */
function topOf(text: string): number | string {
  const v = Number(text);
  return Number.isInteger(v) && v >= 1 && v <= MAX_TOP
    ? v
    : `Top products: a whole number from 1 to ${n(MAX_TOP)}`;
}

/**
 * What a pick costs, said before it runs: the ranked list's pages and the SKU lists, then the
 * campaign's three previews per 500 SKUs (a product has one SKU or more, so "at least").
 */
export function pickCostText(marketplace: string, pick: CampaignPick, voucher: boolean): string {
  const lists = pickEstimate(marketplace, pick);
  const byUnits =
    pick.by === "units" && marketplace === "A"
      ? " (by units: every page of the ranked list, one per 500 products of the shop)"
      : "";
  const listWords =
    marketplace === "A"
      ? `the ranked list (A11, 500 products a request) and the products' SKUs (A12, 500 a request)${byUnits}`
      : pick.by === "profit"
        ? "the ranked list (B12, 500 products a request) and the seller's SKUs (B8, one request)"
        : "the seller's SKUs with their units (B8, one request)";
  const pricing = voucher
    ? "then one what-if per SKU for a voucher"
    : "then 3 previews per 500 SKUs";
  return `Cost: at least ${n(lists)} request${lists === 1 ? "" : "s"} for ${listWords}, ${pricing}. Every SKU of the top ${n(pick.top)} products joins (at most 5,000 SKUs).`;
}

/** The campaign section. */
export function CampaignSection(p: {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}) {
  const shops = p.shops?.shops ?? [];
  const keyOf = (s: { marketplace: string; id: string }): string => `${s.marketplace}:${s.id}`;
  const [shopKey, setShopKey] = useState("");
  const [skuText, setSkuText] = useState("");
  const [source, setSource] = useState<Source>("paste");
  const [topText, setTopText] = useState("200");
  const [kind, setKind] = useState<Kind>("discount");
  const [amount, setAmount] = useState("15");
  const [target, setTarget] = useState("20");
  const [sheetName, setSheetName] = useState("Campaign");
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const question = useQuestion("campaign-confirm");
  const abort = useRef<AbortController | null>(null);
  const shop = shops.find((s) => keyOf(s) === shopKey) ?? shops[0];
  // C's API ranks no products: its SKUs are pasted.
  const ranks = shop !== undefined && shop.marketplace !== "C";
  const picking = source !== "paste" && ranks;
  const top = topOf(topText);
  const skus = picking ? (typeof top === "string" ? top : []) : parseSkus(skuText);
  const pick: CampaignPick | null =
    picking && typeof top === "number" ? { by: source as CampaignPick["by"], top } : null;
  const campaign = campaignOf(kind, amount);
  const margin = Number(target);
  const problem = !shop
    ? "Pick a shop (Shops, above)"
    : typeof skus === "string"
      ? skus
      : typeof campaign === "string"
        ? campaign
        : !(target.trim() !== "" && margin > -100 && margin < 100)
          ? "Target margin %: a percentage such as 20"
          : sheetName.trim() === "" || /[[\]*?/\\:]/.test(sheetName)
            ? "Sheet: name the sheet (no [ ] * ? / \\ :)"
            : null;

  const start = async (): Promise<void> => {
    if (problem || !shop || typeof skus === "string" || typeof campaign === "string") {
      setStatus({ text: problem ?? "", kind: "error" });
      return;
    }
    question.dismiss();
    abort.current = new AbortController();
    const options: JobRunOptions = {
      signal: abort.current.signal,
      onProgress: (at) => setStatus({ text: jobLine(at), kind: "info" }),
      confirm: (text, answers) => question.ask(text, abort.current?.signal, answers),
    };
    setRunning(true);
    setStatus({ text: "Starting…", kind: "info" });
    try {
      const ask = {
        marketplace: shop.marketplace,
        shopId: Number(shop.id),
        region: shop.region,
        skus,
        ...(pick ? { pick } : {}),
        campaign,
        targetMargin: margin / 100,
        sheetName: sheetName.trim(),
      };
      setStatus({ text: campaignDoneText(await p.bridge.campaignSheet(ask, options)), kind: "ok" });
    } catch (e) {
      const cancelled = e instanceof Error && e.name === "JobCancelled";
      setStatus({ text: messageOf(e), kind: cancelled ? "info" : "error" });
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const field = CAMPAIGN_KINDS.find((k) => k.value === kind)?.field ?? "Amount";
  return h(Section, { id: "campaign", title: "Before a campaign" }, [
    h(
      "p",
      { class: "hint" },
      "A sheet of the SKUs you paste (or the shop's top products by profit or units sold, A and B), in one campaign: the list price and its margin, the buyer price in the campaign with its profit and margin, the deepest discount that still keeps your target margin, and a flag where a SKU cannot join (with the API's reason), loses money or falls below the target. Costs come from the Cost book where it has them. Building it again into the same sheet keeps your own columns and cells.",
    ),
    h(SelectField, {
      id: "campaign-shop",
      label: "Shop or seller",
      value: shop ? keyOf(shop) : "",
      options: shops.map((s) => ({ value: keyOf(s), label: shopLabel(s) })),
      onChange: setShopKey,
    }),
    h(SelectField, {
      id: "campaign-source",
      label: "SKUs",
      value: picking ? source : "paste",
      options: [
        { value: "paste", label: "The SKUs I paste" },
        ...(ranks
          ? [
              { value: "profit", label: "The shop's top products by profit" },
              { value: "units", label: "The shop's top products by units sold" },
            ]
          : []),
      ],
      onChange: (v) => setSource(v as Source),
    }),
    shop?.marketplace === "C"
      ? h(
          "p",
          { class: "hint", id: "campaign-no-ranking" },
          "Marketplace C's API has no ranked product list, so its SKUs are pasted.",
        )
      : null,
    picking
      ? h("div", null, [
          h(TextField, {
            id: "campaign-top",
            label: `How many products (1 to ${n(MAX_TOP)})`,
            type: "number",
            value: topText,
            onInput: setTopText,
          }),
          h(
            "p",
            { class: "hint", id: "campaign-top-cost" },
            pick && shop ? pickCostText(shop.marketplace, pick, kind === "voucher") : "",
          ),
        ])
      : h("div", null, [
          h("label", { for: "campaign-skus" }, "SKUs: item id and variant id, one SKU a line"),
          h("textarea", {
            id: "campaign-skus",
            rows: 4,
            value: skuText,
            spellcheck: false,
            "aria-describedby": "campaign-skus-hint",
            onInput: (e: Event) => setSkuText((e.currentTarget as HTMLTextAreaElement).value),
          }),
          h(
            "p",
            { class: "hint", id: "campaign-skus-hint" },
            "Copy the id columns of an import or pricing sheet (and a name column after them, if you like) and paste them here (A: item and model id; B: item and SKU id; C: product and SKU id).",
          ),
        ]),
    h(SelectField, {
      id: "campaign-kind",
      label: "Campaign",
      value: kind,
      options: CAMPAIGN_KINDS.map((k) => ({ value: k.value, label: k.label })),
      onChange: (v) => setKind(v as Kind),
    }),
    h(TextField, {
      id: "campaign-amount",
      label: field,
      type: "number",
      value: amount,
      onInput: setAmount,
    }),
    h(TextField, {
      id: "campaign-target",
      label: "Target margin %",
      type: "number",
      value: target,
      onInput: setTarget,
    }),
    h(TextField, { id: "campaign-sheet", label: "Sheet", value: sheetName, onInput: setSheetName }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "campaign-new",
        label: "Campaign sheet",
        primary: true,
        disabled: running,
        onClick: () => void start(),
      }),
      running
        ? h(Button, {
            id: "campaign-cancel",
            label: "Cancel",
            onClick: () => abort.current?.abort(),
          })
        : null,
    ]),
    question.view,
    h(Status, { id: "campaign-status", ...question.beside(status) }),
  ]);
}
