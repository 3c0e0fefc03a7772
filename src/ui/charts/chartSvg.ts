/** Rows of bars as an SVG: label left, value right, bar under them, zero marked beside each bar. */
import { h } from "preact";
import { type BarTone, type ChartRow, fitLabel, formatAmount, layoutRows } from "./layout";

/** Red for anything that takes money away, as sellers expect; blue price, green profit. */
const TONE_COLOUR: Record<BarTone, string> = {
  start: "#3b6fb6",
  cost: "#c62828",
  gain: "#2e7d32",
  profit: "#2e7d32",
  loss: "#c62828",
};

/** A white box behind a text, so a waterfall's connector line never runs through a figure. */
function backing(x: number, y: number, chars: number, alignEnd: boolean) {
  const width = chars * 7 + 4;
  return h("rect", { x: alignEnd ? x - width + 2 : x - 2, y, width, height: 15, fill: "#fff" });
}

export function ChartSvg(p: {
  id: string;
  title: string;
  rows: readonly ChartRow[];
  /** Waterfall: a thin line carries each bar's end to the next bar. */
  connect: boolean;
}) {
  const layout = layoutRows(p.rows);
  const titleId = `${p.id}-title`;
  // Zero needs a mark only when some bar lies left of it.
  const zeroShown = p.rows.some((r) => r.from < 0 || r.to < 0);
  const summary = p.rows.map((r) => `${r.label} ${formatAmount(r.value)}`).join("; ");
  return h("figure", { id: p.id, class: "chart", style: "margin:8px 0" }, [
    h("figcaption", { style: "font-weight:600;font-size:12px;margin-bottom:4px" }, p.title),
    h(
      "svg",
      {
        viewBox: `0 0 ${layout.width} ${layout.height}`,
        width: "100%",
        role: "img",
        "aria-labelledby": titleId,
        "aria-label": `${p.title}: ${summary}`,
        style: "font:12px system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;display:block",
      },
      [
        h("title", { id: titleId }, `${p.title}: ${summary}`),
        ...layout.rows.map((r, i) => {
          const value = formatAmount(r.value);
          const label = fitLabel(r.label, value);
          const next = layout.rows[i + 1];
          return h("g", { class: `bar bar-${r.tone}` }, [
            h("title", null, `${r.label}: ${value}`),
            // Zero is marked beside each bar, never through a label.
            zeroShown
              ? h("line", {
                  x1: layout.zeroX,
                  x2: layout.zeroX,
                  y1: r.barY - 2,
                  y2: r.barY + 13,
                  stroke: "#9e9e9e",
                })
              : null,
            backing(2, r.y, label.length, false),
            backing(layout.width - 2, r.y, value.length, true),
            h("text", { x: 2, y: r.y + 12, fill: "#202124" }, label),
            h(
              "text",
              {
                x: layout.width - 2,
                y: r.y + 12,
                "text-anchor": "end",
                fill: r.value < 0 ? TONE_COLOUR.loss : "#202124",
                "font-weight": r.tone === "profit" || r.tone === "loss" ? 600 : 400,
              },
              value,
            ),
            h("rect", {
              x: r.barX,
              y: r.barY,
              width: r.barWidth,
              height: 11,
              rx: 1.5,
              fill: TONE_COLOUR[r.tone],
            }),
            p.connect && next && next.from === r.to
              ? h("line", {
                  x1: r.barX + (r.to >= r.from ? r.barWidth : 0),
                  x2: r.barX + (r.to >= r.from ? r.barWidth : 0),
                  y1: r.barY + 11,
                  y2: next.barY,
                  stroke: "#757575",
                  "stroke-dasharray": "2 2",
                })
              : null,
          ]);
        }),
      ],
    ),
  ]);
}
