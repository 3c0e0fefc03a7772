/** The log's last line of defence (redact.ts): a token in a line, in any spelling, is gone. */
import { newToken } from "../../src/server/keys/token";
import { REDACTED, redactSecrets } from "../../src/server/redact";
import { revealsToken, tokenSpellings } from "./http/tokenSpellings";

describe("redactSecrets", () => {
  test("removes every spelling of a token from a line, wherever it sits", () => {
    const token = newToken();
    const spellings = tokenSpellings(token);
    // A key cut in two is no longer a key to a line's reader; the URL in the log never
    // carries one (logUrl.ts).
    delete spellings.split;
    const leaking = Object.entries(spellings).flatMap(([name, spelling]) =>
      [
        `{"msg":"failed for ${spelling}"}`,
        `{"url":"/api/${spelling}?k=${spelling}"}`,
        `key=${JSON.stringify(spelling)} end`,
      ]
        .filter((line) => revealsToken(redactSecrets(line), token))
        .map((line) => `${name}: ${redactSecrets(line)}`),
    );
    expect(leaking).toEqual([]);
  });

  test("leaves a line without a token as it was", () => {
    const lines = [
      '{"level":30,"reqId":"req-1","req":{"method":"POST","url":"/api/mkt-a/financial-breakdown/products/100001/SG/sorted-by-profit"},"msg":"incoming request"}',
      '{"res":{"statusCode":200},"responseTime":12.083984999999,"msg":"request completed"}',
      "Error: boom at handleRequest (/work/node_modules/fastify/lib/handleRequest.js:1:2)",
      "a b c d e f g h i j k l m n o p",
    ];
    for (const line of lines) expect(redactSecrets(line)).toBe(line);
    expect(redactSecrets(`x ${newToken()} y`)).toBe(`x ${REDACTED} y`);
  });
});
