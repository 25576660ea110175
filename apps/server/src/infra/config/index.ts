// config/: Configuration from the environment, its documentation table and the data directory. Its
// public face: what the rest of the service may use of it.
export { ConfigError, loadConfig, type Config } from './config';
export { secureDataDir } from './data-dir';
export { serverDir } from './server-dir';
