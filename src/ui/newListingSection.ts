/**
 * "New listings sheet" (issue 34 item 4): candidate products (name, COGS, planned price, a
 * category on each marketplace) priced on A, B and C side by side, with the price for the target
 * margin on each. The candidates are the rows of the seller's input sheet (made with its headers
 * the first time), or lines typed here. It runs as a job, as the campaign sheet does.
 */
import { h } from "preact";
import { useRef, useState } from "preact/hooks";
import type { Candidate, ListingShops } from "../imports/newListing/newListingAsk";
import type { NewListingOutcome } from "../sidebar/jobs/newListingJob";
import type { HostBridge, JobRunOptions, ShopRef, ShopsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Section, SelectField, Status, TextField } from "./controls";
import { jobLine } from "./jobLine";
import { CategoryPicker } from "./categoryPicker";
import { useQuestion } from "./question";
import { shopLabel } from "./shopsSection";

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

const n = (x: number): string => x.toLocaleString("en-US");

/**
 * Candidates typed one a line: name; COGS; planned price; category A; category B; category C
 * (semicolons or tabs between; empty categories: not listed there). A problem names the line.
 */
export function parseCandidates(text: string): Candidate[] | string {
  const lines = text
    .split("\n")
    .map((s) => s.trim())
    .filter(Boolean);
  const out: Candidate[] = [];
  for (const [i, line] of lines.entries()) {
    const [name = "", cogs = "", price = "", a = "", b = "", c = ""] = line
      .split(/[;\t]/)
      .map((s) => s.trim());
    const at = `Candidates: line ${i + 1}`;
    if (name === "") return `${at} has no name`;
    const finite = (t: string): boolean => t !== "" && Number.isFinite(Number(t));
    if (!finite(cogs) || !(Number(cogs) >= 0)) return `${at}: COGS must be a number, 0 or more`;
    if (!finite(price) || !(Number(price) > 0)) return `${at}: planned price must be above 0`;
    if (a !== "" && !/^\d+$/.test(a)) return `${at}: category A must be a category id`;
    if (b !== "" && !/^\d+$/.test(b)) return `${at}: category B must be a category id`;
    out.push({
      name,
      cogs: Number(cogs),
      price: Number(price),
      categoryA: a === "" ? null : Number(a),
      categoryB: b === "" ? null : Number(b),
      categoryC: c === "" ? null : c,
    });
  }
  return out;
}

/** What the seller reads when the sheet is written. */
export function newListingDoneText(o: NewListingOutcome): string {
  const kept = o.keptEdits ? ` Kept ${n(o.keptEdits)} cells you changed by hand.` : "";
  const problems = o.withProblems
    ? ` ${n(o.withProblems)} have a marketplace the API could not answer (Answer column says why).`
    : "";
  return `${o.sheetName}: ${n(o.rows)} candidates priced in ${n(o.requests)} steps.${problems}${kept}`;
}

/** The new-listing section. */
export function NewListingSection(p: {
  readonly bridge: HostBridge;
  readonly shops: ShopsView | null;
}) {
  const shops = p.shops?.shops ?? [];
  const on = (m: string): ShopRef[] => shops.filter((s) => s.marketplace === m);
  const [a, setA] = useState<string | null>(null);
  const [b, setB] = useState<string | null>(null);
  const [c, setC] = useState<string | null>(null);
  const [inputSheet, setInputSheet] = useState("New listings");
  const [typed, setTyped] = useState("");
  const [target, setTarget] = useState("20");
  const [sheetName, setSheetName] = useState("New listing figures");
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const question = useQuestion("new-listing-confirm");
  const abort = useRef<AbortController | null>(null);
  // The first shop of each marketplace until the seller picks ("" : not compared there).
  const pick = (m: string, chosen: string | null): ShopRef | undefined =>
    chosen === null ? on(m)[0] : on(m).find((s) => s.id === chosen);
  const [shopA, shopB, shopC] = [pick("A", a), pick("B", b), pick("C", c)];
  const where: ListingShops = {
    ...(shopA ? { A: { shopId: Number(shopA.id), region: shopA.region } } : {}),
    ...(shopB ? { B: { region: shopB.region } } : {}),
    ...(shopC ? { C: { shopId: Number(shopC.id) } } : {}),
  };
  const candidates = typed.trim() === "" ? null : parseCandidates(typed);
  const margin = Number(target);
  const bad = (s: string): boolean => s.trim() === "" || /[[\]*?/\\:]/.test(s);
  const problem =
    !shopA && !shopB && !shopC
      ? "Choose where to compare: an A shop, a B seller or a C shop"
      : typeof candidates === "string"
        ? candidates
        : candidates === null && bad(inputSheet)
          ? "Input sheet: name the sheet of candidates (no [ ] * ? / \\ :)"
          : !(target.trim() !== "" && margin > -100 && margin < 100)
            ? "Target margin %: a percentage such as 20"
            : bad(sheetName)
              ? "Sheet: name the sheet (no [ ] * ? / \\ :)"
              : null;

  const start = async (): Promise<void> => {
    if (problem || typeof candidates === "string") {
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
        shops: where,
        targetMargin: margin / 100,
        sheetName: sheetName.trim(),
        ...(candidates ? { candidates } : { inputSheet: inputSheet.trim() }),
      };
      const done = await p.bridge.newListingSheet(ask, options);
      setStatus({ text: newListingDoneText(done), kind: "ok" });
    } catch (e) {
      const cancelled = e instanceof Error && e.name === "JobCancelled";
      setStatus({ text: messageOf(e), kind: cancelled ? "info" : "error" });
    } finally {
      setRunning(false);
      abort.current = null;
    }
  };

  const shopField = (m: string, chosen: ShopRef | undefined, set: (v: string) => void) =>
    h(SelectField, {
      id: `new-listing-${m.toLowerCase()}`,
      label: `Marketplace ${m}`,
      value: chosen?.id ?? "",
      options: [
        { value: "", label: "Not compared" },
        ...on(m).map((s) => ({ value: s.id, label: shopLabel(s) })),
      ],
      onChange: set,
    });

  return h(Section, { id: "new-listing", title: "New listing on every marketplace" }, [
    h(
      "p",
      { class: "hint" },
      'Candidate products priced before they are listed: profit and margin at the planned price on A, B and C side by side, and the price that reaches your target margin on each. Type the candidates in the input sheet (its first build makes it with its headers: Candidate, COGS, Planned price, Category A, Category B, Category C): the figures go beside them, in the same rows, right of your columns, which are never written. Or type them one a line below as "name; COGS; price; category A; category B; category C": those figures go to a sheet of their own.',
    ),
    shopField("A", shopA, setA),
    shopField("B", shopB, setB),
    shopField("C", shopC, setC),
    h(CategoryPicker, { bridge: p.bridge, ...(shopA ? { shopA } : {}) }),
    h(TextField, {
      id: "new-listing-input",
      label: "Input sheet (your candidates)",
      value: inputSheet,
      onInput: setInputSheet,
    }),
    h("div", null, [
      h("label", { for: "new-listing-typed" }, "Or type candidates (one a line)"),
      h("textarea", {
        id: "new-listing-typed",
        rows: 3,
        value: typed,
        spellcheck: false,
        placeholder: "Yoga mat; 14; 59; 100009; 200007; Sports & Outdoor > Fitness > Yoga Mats",
        onInput: (e: Event) => setTyped((e.currentTarget as HTMLTextAreaElement).value),
      }),
    ]),
    h(TextField, {
      id: "new-listing-target",
      label: "Target margin %",
      type: "number",
      value: target,
      onInput: setTarget,
    }),
    h(TextField, {
      id: "new-listing-sheet",
      label: "Sheet for the figures of typed candidates",
      value: sheetName,
      onInput: setSheetName,
    }),
    h("div", { class: "row" }, [
      h(Button, {
        id: "new-listing-new",
        label: "New listings sheet",
        primary: true,
        disabled: running,
        onClick: () => void start(),
      }),
      running
        ? h(Button, {
            id: "new-listing-cancel",
            label: "Cancel",
            onClick: () => abort.current?.abort(),
          })
        : null,
    ]),
    question.view,
    h(Status, { id: "new-listing-status", ...question.beside(status) }),
  ]);
}
