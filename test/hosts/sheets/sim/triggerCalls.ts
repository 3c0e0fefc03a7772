/**
 * ScriptApp's trigger calls with the rules Google sets for EDITOR ADD-ONS: a trigger runs as
 * the user who made it; an add-on may make triggers only for the document it runs in, one of
 * each type per user per document; time-driven triggers run at most hourly (a one-off
 * `after(ms)` fires no sooner than the state's `addOnClockMinMs`, an hour by default, unless
 * a test sets otherwise); a one-off trigger stays listed after it fired until deleted.
 * Sources: developers.google.com/apps-script/guides/triggers/installable ("Restrictions",
 * "Time-driven triggers": add-ons at most once per hour; script executions do not fire
 * triggers) and .../add-ons/concepts/editor-triggers. Strict modes (strict.ts): `after(ms)` as
 * a minimum with jitter, or no clock trigger at all.
 */
import type { CallResult, ExecRecord, HandlerContext } from "./handlers";
import type { TriggerRecord } from "./hostState";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Handler = (ctx: HandlerContext, exec: ExecRecord, args: readonly unknown[]) => CallResult;

const KIND_NAME: Record<TriggerRecord["type"], string> = {
  CLOCK: "time-based",
  ON_EDIT: "edit",
  ON_CHANGE: "change",
  ON_OPEN: "open",
};

function info(t: TriggerRecord): Record<string, unknown> {
  return { uid: t.uid, fn: t.fn, type: t.type, doc: t.doc };
}

/** The next time (UTC) the clock shows hour `h`, strictly after `now`. */
function nextHour(now: number, h: number): number {
  const day = Math.floor(now / DAY) * DAY;
  const at = day + h * HOUR;
  return at > now ? at : at + DAY;
}

function create(ctx: HandlerContext, exec: ExecRecord, spec: Record<string, unknown>): CallResult {
  const type = String(spec.type) as TriggerRecord["type"];
  // A clock trigger's run has no file open; with clockFromClock it may make the next clock
  // trigger for the file its own trigger was made in (its continuation), nothing else.
  const fromClock = type === "CLOCK" && ctx.state.strict.clockFromClock ? exec.clockDoc : undefined;
  const docId = exec.doc?.book.id ?? fromClock;
  if (!docId || (spec.doc !== undefined && spec.doc !== docId))
    throw new Error("Add-ons can only create triggers for the file in which they are used.");
  const same = ctx.state.triggers.filter(
    (t) => t.user === exec.user && t.type === type && t.doc === docId,
  );
  if (same.length > 0)
    throw new Error(
      `This add-on has created too many ${KIND_NAME[type]} triggers in this document for this Google user account.`,
    );
  const fn = String(spec.fn);
  if (fn.endsWith("_")) throw new Error(`Script function not found: ${fn}`);
  let nextAt: number | undefined;
  let everyMs: number | undefined;
  let jitterMs: number | undefined;
  if (type === "CLOCK") {
    const mode = ctx.state.strict.clockTrigger;
    if (mode === "refused") throw new Error("Add-ons may not create time-based triggers here.");
    // "jitter": after(ms) is a minimum, fired up to clockJitterMs late (not an hour).
    const min = mode === "jitter" ? 0 : ctx.state.addOnClockMinMs;
    const late = mode === "jitter" ? Math.round(ctx.random() * ctx.state.strict.clockJitterMs) : 0;
    if (spec.everyMinutes !== undefined)
      throw new Error("Add-ons may use time-based triggers at most hourly");
    if (spec.afterMs !== undefined) nextAt = ctx.now() + Math.max(Number(spec.afterMs), min) + late;
    else if (spec.everyHours !== undefined) {
      everyMs = Math.max(Number(spec.everyHours) * HOUR, min);
      // "The time may be slightly randomized" (gas-installable): each run up to the jitter late.
      if (mode === "hourly") jitterMs = ctx.state.strict.clockJitterMs;
    } else if (spec.everyDays !== undefined) {
      everyMs = Number(spec.everyDays) * DAY;
      const hour = Number(spec.atHour ?? 0);
      if (!(hour >= 0 && hour < 24)) throw new Error("Invalid argument: hour");
      nextAt = nextHour(ctx.now(), hour);
    } else throw new Error("sim: this clock trigger form is not modelled");
    nextAt ??= ctx.now() + (everyMs as number);
  }
  const record: TriggerRecord = {
    uid: ctx.state.nextTriggerUid(),
    fn,
    type,
    doc: docId,
    user: exec.user,
    ...(nextAt !== undefined ? { nextAt } : {}),
    ...(everyMs !== undefined ? { everyMs } : {}),
    ...(jitterMs ? { jitterMs } : {}),
  };
  ctx.state.triggers.push(record);
  if (type === "CLOCK") ctx.armClock(record);
  return { value: info(record) };
}

/** ScriptApp.* handlers. */
export function triggerCalls(): Record<string, Handler> {
  return {
    "ScriptApp.createTrigger": (ctx, exec, [spec]) =>
      create(ctx, exec, spec as Record<string, unknown>),
    "ScriptApp.getProjectTriggers": (ctx, exec) => ({
      value: ctx.state.triggers.filter((t) => t.user === exec.user).map(info),
    }),
    "ScriptApp.getUserTriggers": (ctx, exec, [docId]) => ({
      value: ctx.state.triggers
        .filter(
          (t) =>
            t.user === exec.user &&
            t.doc === docId &&
            (t.type !== "CLOCK" || ctx.state.strict.userTriggersListClock),
        )
        .map(info),
    }),
    "ScriptApp.getInstallationSource": (ctx) => {
      const s = ctx.state.strict;
      return {
        value: s.installationSource ?? (s.clockTrigger === "jitter" ? "NONE" : "WEB_STORE_ADD_ON"),
      };
    },
    "ScriptApp.deleteTrigger": (ctx, exec, [uid]) => {
      const at = ctx.state.triggers.findIndex((t) => t.uid === uid && t.user === exec.user);
      if (at >= 0) ctx.state.triggers.splice(at, 1);
      return { value: null };
    },
  };
}
