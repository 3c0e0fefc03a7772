/**
 * One status at a time in a sidebar section (a new user saw a job's line beside a stale
 * "Import …: starting…", and "Working…" under an open question): what the Status line shows
 * beside a question and beside a job's own line.
 */
import { statusBeside, type StatusLine } from "../../src/ui/question";

const starting: StatusLine = { text: 'Import to "Profit": starting…', kind: "info" };
const working: StatusLine = { text: "Working…", kind: "info" };
const wait: StatusLine = { text: "Import: Could not reach the API. Trying again", kind: "error" };
const done: StatusLine = { text: "40 rows written.", kind: "ok" };

test("an open question is the section's only status", () => {
  for (const line of [starting, working, wait, done])
    expect(statusBeside(line, true).text).toBe("");
  expect(statusBeside(working, true, true).text).toBe("");
});

test("beside a job's own line, a plain 'starting…' or 'running…' goes; a wait or an outcome stays", () => {
  expect(statusBeside(starting, false, true).text).toBe("");
  expect(statusBeside({ text: "Bulk calculation: running…", kind: "info" }, false, true).text).toBe(
    "",
  );
  expect(statusBeside(wait, false, true)).toEqual(wait);
  expect(statusBeside(done, false, true)).toEqual(done);
});

test("with neither, the line shows as set", () => {
  for (const line of [starting, working, wait, done])
    expect(statusBeside(line, false)).toEqual(line);
});
