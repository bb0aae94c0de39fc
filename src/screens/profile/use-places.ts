// The states of a country and the cities of a state for the profile form, read through the
// engine's cached lists (offline: the ones seen before, else `failed`).
import { useEffect, useState } from 'react';
import type { CityEntry, StateEntry } from '../../api/contract';
import type { CountryIso } from '../../domain/countries';
import { loadCities, loadStates } from '../../db/commands';

export function usePlaces(country: CountryIso, stateCode: string) {
  const [states, setStates] = useState<StateEntry[]>([]);
  const [cities, setCities] = useState<CityEntry[]>([]);
  const [loadingStates, setLoadingStates] = useState(true);
  const [loadingCities, setLoadingCities] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setLoadingStates(true);
    void loadStates(country).then((r) => {
      if (!live) return;
      setLoadingStates(false);
      setStates(r.ok ? r.value : []);
      setFailed(!r.ok);
    });
    return () => { live = false; };
  }, [country]);
  useEffect(() => {
    let live = true;
    if (!stateCode) {
      setCities([]);
      return undefined;
    }
    setLoadingCities(true);
    void loadCities(country, stateCode).then((r) => {
      if (!live) return;
      setLoadingCities(false);
      setCities(r.ok ? r.value : []);
      if (!r.ok) setFailed(true);
    });
    return () => { live = false; };
  }, [country, stateCode]);
  return { states, cities, loadingStates, loadingCities, failed };
}
