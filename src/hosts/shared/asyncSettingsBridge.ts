/**
 * The settings half of an async host's bridge (Excel task pane, web demo): the key, the API
 * address, the cache time, list answers and the basis, all in the per-user store. A key is
 * saved only after the API accepted it.
 */
import { type AsyncEnv, runAsync } from "../../core/asyncDriver";
import { normaliseBaseUrl } from "../../core/baseUrl";
import { call } from "../../core/effects";
import { isApiError, isKeyThrottled, messageOf } from "../../core/errors";
import { checkBasis } from "../../functions/basis";
import type { HostBridge, SettingsView } from "../../ui/bridge";
import { REJECTED_KEY_MESSAGE, keyFormProblem, keyPrefixOf } from "../../ui/keyForm";
import { type AsyncSettings, SETTING, type SettingsStorage } from "./asyncSettings";

type SettingsMethods = Pick<
  HostBridge,
  "getSettings" | "saveApiKey" | "forgetApiKey" | "saveSettings"
>;

export interface SettingsParts {
  readonly storage: SettingsStorage;
  readonly settings: () => Promise<AsyncSettings>;
  /** The uncached env a key on trial is checked with. */
  readonly trialEnv: (key: string, s: AsyncSettings) => AsyncEnv;
  readonly onSettingsChanged?: () => void;
}

/** getSettings, saveApiKey, forgetApiKey and saveSettings over the per-user store. */
export function asyncSettingsMethods(p: SettingsParts): SettingsMethods {
  async function view(): Promise<SettingsView> {
    const s = await p.settings();
    return {
      hasKey: s.apiKey !== null,
      keyPrefix: s.apiKey ? keyPrefixOf(s.apiKey) : null,
      keyRejected: s.keyRejected,
      baseUrl: s.baseUrl,
      cacheTtlSec: s.ttl,
      listAnswers: s.listAnswers,
      basis: s.basis,
    };
  }
  const changed = (): Promise<SettingsView> => {
    p.onSettingsChanged?.();
    return view();
  };

  return {
    getSettings: view,

    async saveApiKey(key) {
      const problem = keyFormProblem(key);
      if (problem) throw new Error(problem);
      try {
        await runAsync(call("SHOPS_A", {}), p.trialEnv(key.trim(), await p.settings()));
      } catch (e) {
        // A key refused after failing too often: the API's sentence says why and when.
        if (isApiError(e) && e.code === "AUTH")
          throw new Error(isKeyThrottled(e) ? e.message : REJECTED_KEY_MESSAGE);
        const why = messageOf(e);
        throw new Error(`The key was not saved: we could not check it (${why})`);
      }
      await p.storage.set(SETTING.apiKey, key.trim());
      await p.storage.remove(SETTING.keyRejected);
      return changed();
    },

    async forgetApiKey() {
      await p.storage.remove(SETTING.apiKey);
      return changed();
    },

    async saveSettings(change) {
      if (change.baseUrl !== undefined) {
        await p.storage.set(SETTING.baseUrl, normaliseBaseUrl(change.baseUrl));
      }
      if (change.cacheTtlSec !== undefined) {
        const ttl = Math.round(change.cacheTtlSec);
        if (!(ttl >= 10 && ttl <= 6 * 3600))
          throw new Error("Keep answers for: type a number of seconds from 10 to 21,600 (6 hours)");
        await p.storage.set(SETTING.cacheTtlSec, String(ttl));
      }
      if (change.listAnswers !== undefined) {
        await p.storage.set(SETTING.listAnswers, change.listAnswers ? "on" : "off");
      }
      if (change.basis !== undefined) {
        const basis = checkBasis((await p.settings()).basis, change.basis);
        await p.storage.set(SETTING.countVat, basis.countVat ? "on" : "off");
        await p.storage.set(SETTING.salesWindowDays, String(basis.salesWindowDays));
      }
      return changed();
    },
  };
}
