/** "Insert chart": a native chart next to the breakdown or ranking the seller selected. */
import { h } from "preact";
import { useState } from "preact/hooks";
import type { HostBridge } from "../bridge";
import { messageOf } from "../bridge";
import { Button, Status } from "../controls";

export function InsertChart(p: { bridge: HostBridge }) {
  const [status, setStatus] = useState({ text: "", kind: "info" as "info" | "ok" | "error" });
  const bridge = p.bridge;
  if (!bridge.insertChart) {
    return h(
      "p",
      { class: "hint", id: "fb-chart-hint" },
      "Google Sheets and Excel insert a native chart next to a selected breakdown or ranking; this demo shows the picture under the preview only.",
    );
  }
  return h("div", { id: "fb-chart" }, [
    h(
      "p",
      { class: "hint" },
      "Select an imported or spilled breakdown or ranking, header included, then insert its chart.",
    ),
    h(Button, {
      id: "fb-insert-chart",
      label: "Insert chart of the selection",
      onClick: () => {
        setStatus({ text: "Inserting the chart…", kind: "info" });
        bridge.insertChart?.().then(
          (r) => setStatus({ text: `Inserted "${r.chart}" next to ${r.address}.`, kind: "ok" }),
          (e: unknown) => setStatus({ text: messageOf(e), kind: "error" }),
        );
      },
    }),
    h(Status, { id: "fb-chart-status", ...status }),
  ]);
}
