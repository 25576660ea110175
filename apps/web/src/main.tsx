import { startEarlyRequests, warmUpStorage } from './app/early-requests';

// The app's code is most of what the page loads: the calls of its first screen go out while that
// code downloads and compiles, from this small entry (decision 010).
const early = startEarlyRequests(window.location);
warmUpStorage();
void import('./app/start-app').then(({ startApp }) => startApp(early));
