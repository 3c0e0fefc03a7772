/**
 * This tab's runner name, kept in the tab's sessionStorage where there is one: a reloaded page
 * is the same runner, so it takes its job back at once instead of waiting out its own lease
 * (up to 3 min); another tab or pane is another runner.
 */
export function tabRunner(): string {
  const fresh = `page-${Math.random().toString(36).slice(2, 10)}`;
  try {
    const tab = (globalThis as { sessionStorage?: Storage }).sessionStorage;
    if (!tab) return fresh;
    const kept = tab.getItem("mkt.jobRunner");
    if (kept) return kept;
    tab.setItem("mkt.jobRunner", fresh);
  } catch {
    // No storage for this page (a sandboxed frame): a reload waits out the lease.
  }
  return fresh;
}
