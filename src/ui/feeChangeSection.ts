/**
 * "Fee-change sheet" (issue 34 item 2): for a shop and a date, every variant's profit today and
 * at the date, the monthly change, the price that keeps today's margin, flags, sorted by monthly
 * loss under a summary; and the team's "Cost book" the sheets take costs from. The host answers
 * It runs as a job: its cost is asked above a minute, its line shows steps and time left, Cancel
 * stops it, and a closed sidebar resumes it from its checkpoint.
 */
import { h } from "preact";
import { useRef, useState } from "preact/hooks";
import type { FeeChangeSheetOutcome } from "../sidebar/feeChangeSheet";
import type { CostBookCheck, HostBridge, JobRunOptions, ShopsView } from "./bridge";
import { isCalendarDay, messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { jobLine } from "./jobLine";
import { useQuestion } from "./question";
import { shopLabel } from "./shopsSection";

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

const n = (x: number): string => x.toLocaleString("en-US");

/** What the seller reads when the sheet is written. */
export function feeChangeDoneText(o: FeeChangeSheetOutcome, refreshed = false): string {
  const asked = o.requests.batches + o.requests.singles;
  const kept = o.keptEdits ? ` Kept ${n(o.keptEdits)} cells you changed by hand.` : "";
  return (
    `${o.sheetName}${refreshed ? " refreshed" : ""}: ${n(o.rows)} variants at the fees of ${o.date} in ${n(asked)} requests (${n(o.requests.batches)} batches, ${n(o.requests.singles)} single). ` +
    `${n(o.lossMaking)} lose money then, ${n(o.belowTarget)} fall below the target margin, ${n(o.guessedCogs)} rest on a cost nobody entered (add it to the Cost book).${kept}`
  );
}

/** The fee-change section. */
export function FeeChangeSection(p: {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}) {
  const shops = p.shops?.shops ?? [];
  const keyOf = (s: { marketplace: string; id: string }): string => `${s.marketplace}:${s.id}`;
  const [shopKey, setShopKey] = useState("");
  const [sheetName, setSheetName] = useState("Fee change");
  const [date, setDate] = useState("");
  const [target, setTarget] = useState("20");
  const [productIds, setProductIds] = useState("");
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const cancel = useRef<AbortController | null>(null);
  const question = useQuestion("fee-change-confirm");
  const shop = shops.find((s) => keyOf(s) === shopKey) ?? shops[0];
  const isC = shop?.marketplace === "C";
  const ids = productIds
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const margin = Number(target);

  const run = async (
    call: (options: JobRunOptions) => Promise<FeeChangeSheetOutcome>,
    refreshed = false,
  ): Promise<void> => {
    question.dismiss();
    const controller = new AbortController();
    cancel.current = controller;
    setRunning(true);
    setStatus({ text: "Starting…", kind: "info" });
    const options: JobRunOptions = {
      signal: controller.signal,
      onProgress: (at) => setStatus({ text: jobLine(at), kind: "info" }),
      confirm: (text, answers) => question.ask(text, controller.signal, answers),
    };
    try {
      setStatus({ text: feeChangeDoneText(await call(options), refreshed), kind: "ok" });
    } catch (e) {
      const cancelled = e instanceof Error && e.name === "JobCancelled";
      setStatus({ text: messageOf(e), kind: cancelled ? "info" : "error" });
    } finally {
      cancel.current = null;
      setRunning(false);
    }
  };

  const problem = !shop
    ? "Pick a shop (Shops, above)"
    : isC && ids.length === 0
      ? "Product ids: enter the marketplace C product ids (the API lists no C products)"
      : date.trim() !== "" && !isCalendarDay(date.trim())
        ? `Date: write it as YYYY-MM-DD, e.g. 2026-12-29 (${date.trim()} is no calendar day)`
        : date.trim() === "" && shop.marketplace !== "A"
          ? `Date: type the day the new fees apply (YYYY-MM-DD); marketplace ${shop.marketplace}'s API names no scheduled changes`
          : !(target.trim() !== "" && margin > -100 && margin < 100)
            ? "Target margin: a percentage such as 20"
            : sheetName.trim() === "" || /[[\]*?/\\:]/.test(sheetName)
              ? "Name the sheet (no [ ] * ? / \\ :)"
              : null;

  return h(Section, { id: "fee-change", title: "Before a fee change" }, [
    h(
      "p",
      { class: "hint" },
      "A sheet of every variant of the shop with its profit and margin per unit today and at the date's fees, the change per unit and per month, the listing price that keeps today's margin, and a flag where it loses money or falls below your target margin; largest monthly loss first, a summary on top (on A, checked against the API's impact summary). Costs come from the Cost book where it has them. Refresh keeps your own columns and cells.",
    ),
    h(SelectField, {
      id: "fee-change-shop",
      label: "Shop or seller",
      value: shop ? keyOf(shop) : "",
      options: shops.map((s) => ({ value: keyOf(s), label: shopLabel(s) })),
      onChange: setShopKey,
    }),
    h(TextField, {
      id: "fee-change-date",
      label: "Date the new fees apply (YYYY-MM-DD)",
      value: date,
      onInput: setDate,
      hint:
        shop?.marketplace === "A"
          ? "Empty: the next commission change the API knows of for this shop."
          : "Type the day: this marketplace's API names no scheduled changes.",
    }),
    h(TextField, {
      id: "fee-change-target",
      label: "Target margin %",
      type: "number",
      value: target,
      onInput: setTarget,
    }),
    isC
      ? h(TextField, {
          id: "fee-change-product-ids",
          label: "Product ids (comma separated)",
          value: productIds,
          onInput: setProductIds,
          hint: "Marketplace C's API lists no products: paste the ids.",
        })
      : null,
    h(TextField, {
      id: "fee-change-sheet",
      label: "Sheet",
      value: sheetName,
      onInput: setSheetName,
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "fee-change-new",
        label: "Fee-change sheet",
        primary: true,
        disabled: running,
        onClick: () =>
          problem || !shop
            ? setStatus({ text: problem ?? "", kind: "error" })
            : void run((options) =>
                p.bridge.feeChangeSheet(
                  {
                    marketplace: shop.marketplace,
                    shopId: Number(shop.id),
                    region: shop.region,
                    sheetName: sheetName.trim(),
                    targetMargin: margin / 100,
                    ...(date.trim() ? { date: date.trim() } : {}),
                    ...(isC ? { productIds: ids } : {}),
                  },
                  options,
                ),
              ),
      }),
      h(Button, {
        id: "fee-change-refresh",
        label: "Refresh",
        disabled: running,
        onClick: () =>
          void run((options) => p.bridge.refreshFeeChangeSheet(sheetName.trim(), options), true),
      }),
      running
        ? h(Button, {
            id: "fee-change-cancel",
            label: "Cancel",
            onClick: () => cancel.current?.abort(),
          })
        : null,
      h(Button, {
        id: "fee-change-cost-book",
        label: "New cost book",
        disabled: running,
        onClick: () =>
          void p.bridge.newCostBook().then(
            (r) => setStatus(costBookStatus(r)),
            (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
          ),
      }),
    ]),
    question.view,
    h(Status, { id: "fee-change-status", ...question.beside(status) }),
  ]);
}

/** What "New cost book" says: made, or what the one there gives and which rows it cannot read. */
function costBookStatus(r: CostBookCheck): { text: string; kind: "ok" | "error" } {
  if (r.made)
    return {
      text: 'Made the sheet "Cost book": type a row per variant (Marketplace, Item id, Variant id, Cost, Valid from). Imports, pricing, fee-change and campaign sheets take costs from it at each row\'s date.',
      kind: "ok",
    };
  const problems = r.problems ?? [];
  const read = `The sheet "Cost book" is already there (kept as it is): ${n(r.costs ?? 0)} costs read`;
  if (problems.length === 0) return { text: `${read}.`, kind: "ok" };
  const shown = problems.slice(0, 5).join("; ");
  const more = problems.length > 5 ? `; and ${n(problems.length - 5)} more` : "";
  return {
    text: `${read}; not read, so the API's cost counts there: ${shown}${more}. Correct those rows in "Cost book".`,
    kind: "error",
  };
}
