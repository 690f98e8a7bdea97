import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage, type KeyValueStorage } from '../browser/storage';
import type { Season } from '../contract/shop';
import { $seasons, $seasonsEnabled, loadSeasons, resetSeasons, seasonLabel, SEASONS_SETTING_CACHE_KEY, type SeasonSources } from './seasons';

const season = (id: number, name: string, localized?: string): Season => ({
  id,
  code: `S${id}`,
  name,
  starts_on: null,
  ends_on: null,
  custom_field_value_detail: localized ? { value: name, localized_value: localized } : null,
});

let settings: KeyValueStorage;
let lists: KeyValueStorage;
let clock: number;

function sources(setting: string | null | undefined, seasons: Season[] | undefined = [season(1, 'Vendemmia 2026')]) {
  const fetchSetting = vi.fn<SeasonSources['fetchSetting']>(async () => setting);
  const fetchSeasons = vi.fn<SeasonSources['fetchSeasons']>(async () => seasons);
  return { fetchSetting, fetchSeasons, settingsStorage: settings, listStorage: lists, now: () => clock };
}

beforeEach(() => {
  resetSeasons();
  settings = memoryStorage();
  lists = memoryStorage();
  clock = 1_000_000;
});

describe('loadSeasons', () => {
  it('keeps seasons off by default and does not ask for the list', async () => {
    const s = sources('false');
    expect(await loadSeasons('it', s)).toBe(false);
    expect($seasonsEnabled.get()).toBe(false);
    expect(s.fetchSeasons).not.toHaveBeenCalled();
  });

  it('treats a missing setting as off, and remembers it', async () => {
    const s = sources(null);
    expect(await loadSeasons('it', s)).toBe(false);
    expect(settings.getItem(SEASONS_SETTING_CACHE_KEY)).toContain('"false"');
  });

  it('loads the seasons when the setting is "true"', async () => {
    const s = sources('true', [season(1, 'Vendemmia 2026'), season(2, 'Primavera', 'Spring')]);
    expect(await loadSeasons('en', s)).toBe(true);
    expect($seasonsEnabled.get()).toBe(true);
    expect($seasons.get().map(seasonLabel)).toEqual(['Vendemmia 2026', 'Spring']);
    expect(s.fetchSeasons).toHaveBeenCalledWith('en');
  });

  it('shares one load between callers', async () => {
    const s = sources('true');
    await Promise.all([loadSeasons('it', s), loadSeasons('it', s)]);
    expect(s.fetchSetting).toHaveBeenCalledTimes(1);
  });

  it('reads the setting from its 12-hour cache, then asks again', async () => {
    await loadSeasons('it', sources('true'));
    resetSeasons();
    clock += 11 * 60 * 60 * 1000;
    const cached = sources('false');
    expect(await loadSeasons('it', cached)).toBe(true);
    expect(cached.fetchSetting).not.toHaveBeenCalled();
    resetSeasons();
    clock += 2 * 60 * 60 * 1000;
    const fresh = sources('false');
    expect(await loadSeasons('it', fresh)).toBe(false);
    expect(fresh.fetchSetting).toHaveBeenCalledTimes(1);
  });

  it('stays off when the server cannot be reached, without caching the failure', async () => {
    expect(await loadSeasons('it', sources(undefined))).toBe(false);
    expect(settings.getItem(SEASONS_SETTING_CACHE_KEY)).toBeNull();
  });

  it('stays off when seasons are on but none is active', async () => {
    expect(await loadSeasons('it', sources('true', []))).toBe(false);
  });
});
