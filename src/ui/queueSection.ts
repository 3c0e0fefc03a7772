/**
 * The request scheduler at a glance (requests used this minute of 60, cells queued, time until
 * the queue is done, a 429 pause, a server that cannot be reached, live calls paused), and the
 * refresh actions of hosts with formula cells: selection, sheet, workbook, errors only, old
 * answers only, pause/resume live calls, and the "answer from shop-wide lists" setting.
 */
import { h } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { HostBridge, QuotaView, QueueView, RefreshScope, SettingsView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, CheckField, Status } from "./controls";

const SCOPE_LABELS: Record<RefreshScope, string> = {
  selection: "Selection",
  sheet: "This sheet",
  workbook: "Workbook",
  errors: "Cells with errors",
  stale: "Old answers",
};

/** "about 3 min", "about 40 s". */
function duration(seconds: number): string {
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min` : `about ${seconds} s`;
}

/** The queue as one short line a seller reads at a glance. */
export function queueText(q: QueueView): string {
  const parts: string[] = [];
  if (!q.liveCalls) parts.push("Live calls paused: cells answer from the cache.");
  if (q.unreachableForSeconds !== null)
    parts.push(`The API cannot be reached: next try in ${q.unreachableForSeconds} s.`);
  if (q.pausedForSeconds > 0)
    parts.push(
      `The API asked to wait: ${q.pausedForSeconds} s left (cells wait, they do not fail).`,
    );
  if (q.cellsQueued > 0)
    parts.push(
      `${q.cellsQueued} cell${q.cellsQueued === 1 ? "" : "s"} queued, done in ${duration(q.secondsToDone)}.`,
    );
  // Cells whose request went out are no longer queued but still read Loading….
  const sent = q.inFlight ?? 0;
  if (q.cellsQueued === 0 && sent > 0)
    parts.push(
      sent === 1
        ? "1 request on its way: its cells answer when it comes back."
        : `${sent} requests on their way: their cells answer when they come back.`,
    );
  // A job counts on the line: it spends the key too (leaving formula cells their room).
  for (const job of q.jobs ?? [])
    if (job.requestsLeft > 0)
      parts.push(
        `${job.title}: ${job.requestsLeft.toLocaleString("en-US")} request${job.requestsLeft === 1 ? "" : "s"} left, done in ${duration(job.secondsLeft)} (formula cells keep their room meanwhile).`,
      );
  if (q.note) parts.push(q.note);
  return parts.length > 0 ? parts.join(" ") : "No cells waiting.";
}

/** "14:02" in the page's time: when a refresh was asked. */
function clockTime(): string {
  return new Date().toLocaleTimeString([], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
}

/** Quota meter, queue line and, where the host has formula cells, the refresh actions. */
export function QueueSection(p: {
  bridge: HostBridge;
  settings: SettingsView | null;
  onSettings: (s: SettingsView) => void;
}) {
  const [quota, setQuota] = useState<QuotaView | null>(null);
  const settingsRef = useRef(p.settings);
  settingsRef.current = p.settings;
  const [status, setStatus] = useState<{ text: string; kind: "info" | "ok" | "error" }>({
    text: "",
    kind: "info",
  });
  useEffect(() => {
    let live = true;
    const tick = (): void => {
      p.bridge.getQuota().then(
        (q) => {
          if (!live) return;
          setQuota(q);
          // A call that met a 401 since: the key's status turns red without a reload.
          const s = settingsRef.current;
          if (s && q.keyRejected !== undefined && q.keyRejected !== (s.keyRejected ?? false))
            p.onSettings({ ...s, keyRejected: q.keyRejected });
        },
        () => undefined,
      );
    };
    tick();
    const timer = setInterval(tick, 2000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [p.bridge]);
  const act = async (what: () => Promise<string>): Promise<void> => {
    setStatus({ text: "Working…", kind: "info" });
    try {
      setStatus({ text: await what(), kind: "ok" });
    } catch (e) {
      setStatus({ text: messageOf(e), kind: "error" });
    }
  };
  if (!quota) return h("p", { class: "hint" }, "Quota: …");
  const rate = quota.cacheHitRate === null ? "–" : `${Math.round(quota.cacheHitRate * 100)} %`;
  const queue = quota.queue;
  const scopes = p.bridge.refreshScopes;
  return h("div", { id: "quota" }, [
    h("label", { for: "quota-meter" }, "Requests in the last minute"),
    h("meter", {
      id: "quota-meter",
      min: 0,
      max: quota.limitPerMinute,
      value: quota.requestsLastMinute,
      style: "width:100%",
    }),
    h("div", { class: "meter" }, [
      h("span", { id: "quota-text" }, `${quota.requestsLastMinute} of ${quota.limitPerMinute}`),
      h("span", { id: "cache-rate" }, `cache hits ${rate}`),
    ]),
    queue ? h("p", { id: "queue-text", class: "hint", role: "status" }, queueText(queue)) : null,
    scopes.length > 0
      ? h("div", { id: "refresh" }, [
          h("p", { class: "hint" }, "Refresh (re-run the add-in's formulas with fresh answers):"),
          h(
            "div",
            { class: "row" },
            scopes.map((scope) =>
              h(Button, {
                id: `refresh-${scope}`,
                label: SCOPE_LABELS[scope],
                onClick: () =>
                  void act(async () => {
                    const { cells } = await p.bridge.refresh(scope);
                    // Said in the past: the line stays while the cells answer on their own.
                    return `Asked ${cells} cell${cells === 1 ? "" : "s"} again at ${clockTime()}.`;
                  }),
              }),
            ),
          ),
          queue
            ? h(Button, {
                id: "live-calls",
                label: queue.liveCalls ? "Pause live calls" : "Resume live calls",
                onClick: () =>
                  void act(async () => {
                    setQuota(await p.bridge.setLiveCalls(!queue.liveCalls));
                    return queue.liveCalls
                      ? "Live calls paused: cells answer from the cache."
                      : "Live calls resumed.";
                  }),
              })
            : null,
        ])
      : null,
    p.settings?.listAnswers !== undefined
      ? h(CheckField, {
          id: "list-answers",
          label: "Answer many product cells from shop-wide lists (fewer requests)",
          checked: p.settings.listAnswers,
          onChange: (on) =>
            void act(async () => {
              p.onSettings(await p.bridge.saveSettings({ listAnswers: on }));
              return on ? "Shop-wide lists on." : "Each product cell asks its own endpoint.";
            }),
        })
      : null,
    h(Status, { ...status, id: "queue-status" }),
  ]);
}
