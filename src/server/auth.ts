/**
 * Bearer-token authentication (spec 5). Each way a key can fail has its own message that
 * says what to do next; none of them repeats the token.
 */
import type { DemoAccount } from "./data/model";
import type { KeyRecord, KeyStore } from "./keys/store";
import { TOKEN_PREFIX, looksLikeToken } from "./keys/token";
import { ApiProblem } from "./problem";

const CREATE_A_KEY =
  "create a new key in Settings > API keys (here: npm run keys -- create --label NAME)";

/** The caller behind a request. */
export interface Caller {
  readonly key: KeyRecord;
  readonly account: DemoAccount;
}

/**
 * Finds the key and account of an `Authorization` header value; throws ApiProblem 401 when
 * the key is missing, malformed, unknown, revoked or expired, or its account has no data here.
 */
export function authenticate(
  header: string | undefined,
  store: KeyStore,
  accounts: readonly DemoAccount[],
): Caller {
  if (header === undefined || header.trim() === "") {
    throw unauthorized(
      `Missing API key. Send the header "Authorization: Bearer <API key>"; if you have no key, ${CREATE_A_KEY}.`,
      "is missing",
    );
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  if (token === undefined || !looksLikeToken(token)) {
    throw unauthorized(
      `Malformed Authorization header. It must be "Bearer ${TOKEN_PREFIX}..." with the whole key as created; ` +
        `check for missing characters or ${CREATE_A_KEY}.`,
      `must be "Bearer ${TOKEN_PREFIX}..."`,
    );
  }
  const outcome = store.authenticate(token);
  if (!outcome.ok) {
    switch (outcome.reason) {
      case "unknown":
        throw unauthorized(
          `Unknown API key. Check that you pasted the whole key, or ${CREATE_A_KEY}.`,
          "is not a known API key",
        );
      case "revoked":
        throw unauthorized(
          `This API key (${outcome.record.prefix}...) was revoked and cannot be restored; ${CREATE_A_KEY}.`,
          "was revoked",
        );
      case "expired":
        throw unauthorized(
          `This API key (${outcome.record.prefix}...) expired on ${(outcome.record.expiresAt ?? "").slice(0, 10)}; ` +
            `${CREATE_A_KEY}.`,
          "has expired",
        );
    }
  }
  const account = accounts.find((a) => a.id === outcome.record.account);
  if (!account) {
    throw unauthorized(
      `This API key belongs to account "${outcome.record.account}", which has no data on this server; ` +
        `${CREATE_A_KEY} for your account.`,
      "belongs to an unknown account",
    );
  }
  return { key: outcome.record, account };
}

function unauthorized(message: string, problem: string): ApiProblem {
  return new ApiProblem(401, message, [{ field: "Authorization", problem }]);
}
