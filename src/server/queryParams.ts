/**
 * Query parameters: no endpoint of the spec takes any (every input is a path parameter or a
 * body field), and the spec says nothing of unknown ones. As with unknown body fields, they are
 * refused with a 400 naming each, so a misspelt or misplaced input (`?lookbackDays=30` instead
 * of the body) never passes silently (contract-notes, issue 22).
 */
import { ApiProblem, echoed } from "./problem";

/** At most this many parameters are named (then "and N more"). */
const MAX_NAMED = 10;

/** Throws a 400 naming the query parameters of `url`, if it has any. */
export function refuseQueryParameters(url: string): void {
  const at = url.indexOf("?");
  if (at < 0 || at === url.length - 1) return;
  const names = [
    ...new Set(
      url
        .slice(at + 1)
        .split("&")
        .filter((p) => p !== "")
        .map((p) => safeDecode(p.split("=")[0] ?? "")),
    ),
  ];
  if (names.length === 0) return;
  const problem = "is not a parameter of this API: send inputs in the JSON body";
  const listed = names.slice(0, MAX_NAMED).map((n) => ({ field: `?${echoed(n)}`, problem }));
  if (names.length > MAX_NAMED)
    listed.push({ field: "query", problem: `and ${names.length - MAX_NAMED} more parameters` });
  throw new ApiProblem(
    400,
    `Invalid request: unknown query parameter ${listed[0]?.field ?? "?"}; this API takes no query parameters, its inputs go in the path and the JSON body.`,
    listed,
  );
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}
