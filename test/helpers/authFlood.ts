/**
 * The attack run's "watching flood" (issue 36): a page on any site that fires 31 `<img>`
 * requests at the local API every second, for as long as it stays open. They carry no key and
 * come from the seller's own address, as the seller's add-in does. Fired from Node here: the
 * server sees the same address (127.0.0.1) and the same keyless requests.
 */
export interface AuthFlood {
  /** Statuses of the flood's answers so far. */
  readonly statuses: readonly number[];
  /** Stop firing and wait for the requests in flight. */
  stop(): Promise<void>;
}

export function startAuthFlood(baseUrl: string, perSecond = 31): AuthFlood {
  const statuses: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const fire = () => {
    for (let i = 0; i < perSecond; i++) {
      const sent = fetch(`${baseUrl}/api/mkt-a/fetch-all-user-shops`)
        .then(async (res) => {
          await res.arrayBuffer();
          statuses.push(res.status);
        })
        .catch(() => void statuses.push(0))
        .finally(() => inFlight.delete(sent));
      inFlight.add(sent);
    }
  };
  fire();
  const timer = setInterval(fire, 1000);
  return {
    statuses,
    async stop() {
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
