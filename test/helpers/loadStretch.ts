/**
 * How much a loaded machine stretches wall-clock work: the one-minute load average per core,
 * at least 1. Bounds that measure real compute (a page's longest task, the strict simulator's
 * server time on its clock) hold on a machine to itself; CI's two cores run two suites and
 * the static checks at once, which stretches every task by about this much.
 */
import os from "node:os";

export const loadStretch = (): number => Math.max(1, (os.loadavg()[0] ?? 0) / os.cpus().length);
