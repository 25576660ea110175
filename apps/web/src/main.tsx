import { startEarlyRequests, warmUpStorage } from './app/early-requests';
import { languageStorageKey } from './shared/i18n/namespaces';

// The app's code is most of what the page loads: the calls of its first screen go out while that
// code downloads and compiles, from this small entry (decision 010).
const early = startEarlyRequests(window.location);
warmUpStorage();
// Strings other than English are not in the app's code: fetched beside it (decision 016).
if (window.localStorage.getItem(languageStorageKey) === 'hu') void import('./app/i18n/strings-hu');
void import('./app/start-app').then(({ startApp }) => startApp(early));
