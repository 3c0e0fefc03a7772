/**
 * Long work left unfinished in this document (a closed sidebar or tab, a reload, the workbook
 * closed mid-build) goes on when the sidebar opens: each job is resumed from its checkpoint,
 * one after another, with its line (step, rows written, time left), why it waits, and Cancel.
 * Nothing shows when the document holds no job.
 */
import { h } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import type { HostBridge, JobView } from "./bridge";
import { messageOf } from "./bridge";
import { Button, Status } from "./controls";
import { jobLine, jobStatus } from "./jobLine";
import { jobDoneText } from "./jobOutcome";
import { useQuestion } from "./question";

const over = (v: JobView): boolean =>
  v.phase === "done" || v.phase === "failed" || v.phase === "cancelled";

/** The unfinished jobs' line at the top of the sidebar. */
export function UnfinishedJobs(p: { bridge: HostBridge }) {
  const [view, setView] = useState<JobView | null>(null);
  const [status, setStatus] = useState({ text: "", kind: "info" as "info" | "ok" | "error" });
  const abort = useRef<AbortController | null>(null);
  const question = useQuestion("jobs-confirm");

  useEffect(() => {
    let gone = false;
    const resumeAll = async (): Promise<void> => {
      const left = (await p.bridge.jobs.list()).filter((v) => !over(v));
      for (const job of left) {
        if (gone) return;
        const controller = new AbortController();
        abort.current = controller;
        const label = `Resuming ${job.title}`;
        setStatus({ text: `${label}…`, kind: "info" });
        try {
          const result = await p.bridge.jobs.resume(job.id, {
            signal: controller.signal,
            onProgress: (v) => {
              setView(v);
              setStatus(jobStatus(label, v));
            },
            confirm: (text, answers) => question.ask(text, controller.signal, answers),
          });
          setStatus({ text: jobDoneText(job.kind, job.title, result), kind: "ok" });
        } catch (e) {
          setStatus({ text: `${job.title}: ${messageOf(e)}`, kind: "error" });
        } finally {
          abort.current = null;
          setView(null);
        }
      }
    };
    resumeAll().catch((e: unknown) => setStatus({ text: messageOf(e), kind: "error" }));
    return () => {
      gone = true;
    };
  }, [p.bridge]);

  if (status.text === "") return null;
  return h("section", { id: "jobs-unfinished" }, [
    view
      ? h("div", null, [
          h("progress", {
            max: view.steps + view.stepsLeft,
            value: view.steps,
            "aria-label": "Unfinished job's progress",
          }),
          h("p", { class: "hint", id: "jobs-progress-text" }, jobLine(view)),
          h(Button, { id: "jobs-cancel", label: "Cancel", onClick: () => abort.current?.abort() }),
        ])
      : null,
    question.view,
    h(Status, { id: "jobs-status", ...question.beside(status, view !== null) }),
  ]);
}
