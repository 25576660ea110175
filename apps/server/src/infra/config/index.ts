// The public face of config/: what the rest of the service may use of it.
export { ConfigError, loadConfig, type Config } from './config';
export { secureDataDir } from './data-dir';
export { serverDir } from './server-dir';
