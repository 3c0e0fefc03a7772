/**
 * The category picker of the new-listing section (issue 34 item 4: categories "picked from the
 * category lists in the sidebar"). Only marketplace A's API lists categories (A20, the
 * commission overview: the categories the shop sold in, with today's rate; MKTA_CATEGORIES
 * reads it, one request); B's and C's name no category list, and the picker says so. A picked
 * category's id goes into the selected cell (the candidate's "Category A" cell).
 */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { HostBridge, ShopRef } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Status, TextField } from "./controls";
import { useQuestion } from "./question";

interface Category {
  readonly id: string;
  readonly name: string;
  readonly rate: string;
}

type StatusLine = { text: string; kind: "info" | "ok" | "error" };

/** The categories of MKTA_CATEGORIES' preview (a header row, then id, name, rate). */
export function categoriesOf(value: unknown, shown: unknown): Category[] {
  if (!Array.isArray(value)) return [];
  const text = Array.isArray(shown) ? (shown as unknown[][]) : [];
  return value.slice(1).flatMap((row, i): Category[] => {
    if (!Array.isArray(row) || row[0] === "" || row[0] == null) return [];
    const rate = text[i + 1]?.[2];
    return [
      {
        id: String(row[0]),
        name: String(row[1] ?? ""),
        rate: typeof rate === "string" ? rate : "",
      },
    ];
  });
}

/** Categories whose id or name holds every word of `query`. */
export function matching(list: readonly Category[], query: string): Category[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return list.filter((c) => words.every((w) => `${c.id} ${c.name}`.toLowerCase().includes(w)));
}

/** The picker: A's list (asked on demand), a search box, the list; B and C say why none. */
export function CategoryPicker(p: { readonly bridge: HostBridge; readonly shopA?: ShopRef }) {
  const [list, setList] = useState<Category[] | null>(null);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState("");
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<StatusLine>({ text: "", kind: "info" });
  const question = useQuestion("category-confirm");
  const shop = p.shopA;
  const load = async (): Promise<void> => {
    if (!shop) return;
    setBusy(true);
    setStatus({ text: "Asking A for the shop's categories (1 request)…", kind: "info" });
    try {
      const r = await p.bridge.previewFunction("MKTA_CATEGORIES", [Number(shop.id), shop.region]);
      const got = categoriesOf(r.value, r.shown);
      setList(got);
      setStatus(
        got.length
          ? { text: `${got.length} categories of A ${shop.id} ${shop.region}.`, kind: "ok" }
          : {
              text: typeof r.value === "string" ? r.value : "No categories listed.",
              kind: "error",
            },
      );
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    } finally {
      setBusy(false);
    }
  };
  const put = async (): Promise<void> => {
    if (!chosen) return;
    try {
      // The bridge writes formulas: a one-number formula reads as the id in every host.
      question.dismiss();
      const done = await p.bridge.insertFormula(`=${chosen}`, { confirm: (q) => question.ask(q) });
      setStatus(
        done.written
          ? { text: `Category ${chosen} is in ${done.address}.`, kind: "ok" }
          : { text: `Nothing written: ${done.address} kept what it held.`, kind: "info" },
      );
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    }
  };
  const shown = list ? matching(list, query).slice(0, 200) : [];
  return h("fieldset", { id: "new-listing-categories", class: "categories" }, [
    h("legend", null, "Categories"),
    shop
      ? h("div", null, [
          list === null
            ? h(Button, {
                id: "category-a-load",
                label: `List A's categories (${shop.id} ${shop.region}, 1 request)`,
                disabled: busy,
                onClick: () => void load(),
              })
            : h("div", null, [
                h(TextField, {
                  id: "category-a-search",
                  label: "Search A's categories",
                  value: query,
                  onInput: setQuery,
                }),
                h(
                  "select",
                  {
                    id: "category-a-list",
                    size: 6,
                    "aria-label": "Marketplace A categories",
                    style: "width:100%",
                    onChange: (e: Event) => setChosen((e.currentTarget as HTMLSelectElement).value),
                  },
                  shown.map((c) =>
                    h(
                      "option",
                      { value: c.id, selected: c.id === chosen },
                      `${c.id} · ${c.name}${c.rate ? ` · ${c.rate}` : ""}`,
                    ),
                  ),
                ),
                h(Button, {
                  id: "category-a-put",
                  label: chosen ? `Put ${chosen} in the selected cell` : "Pick a category",
                  disabled: !chosen,
                  onClick: () => void put(),
                }),
              ]),
          h(
            "p",
            { class: "hint" },
            "A's list is the categories the shop sold in (the commission overview, A20), with today's commission rate. Select the candidate's Category A cell, pick, and put the id there.",
          ),
        ])
      : h("p", { class: "hint" }, "Choose an A shop above to list A's categories."),
    h(
      "p",
      { class: "hint", id: "category-bc-none" },
      "B and C: their APIs have no category list. Type B's category id and C's category path (Level 1 > Level 2 > Level 3) as the marketplace's seller centre shows them; a wrong one is named in the Answer column.",
    ),
    question.view,
    h(Status, { id: "category-status", ...status }),
  ]);
}
