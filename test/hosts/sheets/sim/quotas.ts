/** Apps Script's daily quotas per user, counted on the simulated clock (strict mode). */
import type { Execution } from "./execution";
import type { HostState } from "./hostState";
import { PROPERTIES_USED, type Strictness } from "./strict";

/** Count a Properties call; the quota's message once the day's calls are used up. */
export function countProperties(
  state: HostState,
  exec: Execution,
  name: string,
  strict: Strictness,
): string | null {
  if (!name.startsWith("Properties.")) return null;
  const u = state.today(exec.user);
  exec.propertiesCalls++;
  u.propertiesCalls++;
  return ++u.propertiesToday > strict.propertiesPerDay ? PROPERTIES_USED : null;
}

/** Trigger run time the user has left today (ms). */
export function triggerTimeLeft(state: HostState, user: string, strict: Strictness): number {
  return strict.triggerMsPerDay - state.today(user).triggerMsToday;
}
