/**
 * Messages between the coordinator (test thread) and the execution workers. A worker runs one
 * Apps Script execution at a time; every host call is a `call` message after which the worker
 * blocks on Atomics.wait until the coordinator writes the reply into shared memory, at the
 * simulated time the call completes.
 */
import type { Box } from "./a1";

/** What started an execution; it decides the time limit and what the code may call. */
export type ExecutionKind = "custom" | "trigger" | "sidebar" | "menu";

/** A range handle: a box of one spreadsheet. */
export interface RangeHandle extends Box {
  readonly doc: string;
}

/** The event object of a trigger (its range as a handle). */
export interface TriggerEvent {
  readonly kind: "edit" | "change" | "clock" | "open";
  readonly range?: RangeHandle;
  readonly value?: unknown;
  readonly changeType?: string;
  readonly triggerUid: string;
  readonly authMode: "FULL";
  readonly user: string;
}

export interface InitMessage {
  readonly type: "init";
  readonly signal: SharedArrayBuffer;
  readonly data: SharedArrayBuffer;
  readonly code: string;
  readonly stubs: string;
  /** The project's HTML files by name (HtmlService.createHtmlOutputFromFile). */
  readonly html: Readonly<Record<string, string>>;
}

export interface RunMessage {
  readonly type: "run";
  readonly exec: number;
  readonly kind: ExecutionKind;
  /** The top-level function to call (a custom function, a trigger handler, a sidebar call). */
  readonly fn: string;
  /** JSON arguments; for custom functions null is an omitted argument, `{ date }` a Date. */
  readonly args: readonly unknown[];
  readonly event?: TriggerEvent;
  readonly now: number;
  /** The open spreadsheet (null in a time-driven run). */
  readonly doc: { readonly id: string; readonly name: string } | null;
  /** The active range: the calling cell for a custom function, the selection otherwise. */
  readonly active: RangeHandle | null;
  readonly user: string;
  /** Strict mode: no document cache or properties here (an add-on's custom function). */
  readonly noDocStores?: boolean;
}

export interface CallMessage {
  readonly type: "call";
  readonly exec: number;
  readonly seq: number;
  /** "Service.method", e.g. "Cache.get", "Range.getValues", "UrlFetchApp.fetchAll". */
  readonly name: string;
  readonly args: readonly unknown[];
}

export interface LogMessage {
  readonly type: "log";
  readonly exec: number;
  readonly text: string;
}

export interface DoneMessage {
  readonly type: "done";
  readonly exec: number;
  readonly ok: boolean;
  readonly value?: unknown;
  readonly message?: string;
}

export type WorkerMessage = CallMessage | LogMessage | DoneMessage;

export type Reply =
  | { readonly ok: true; readonly value: unknown; readonly now: number }
  | { readonly ok: false; readonly message: string; readonly now: number }
  | { readonly killed: true; readonly now: number };

/** One HTTP exchange as UrlFetchApp reports it (or a connection failure). */
export type HttpAnswer =
  | { readonly status: number; readonly headers: Record<string, string>; readonly body: string }
  | { readonly error: string };

export interface HttpRequestSpec {
  readonly url: string;
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly muteHttpExceptions: boolean;
}
