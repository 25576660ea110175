// The public face of downloads/: what the rest of the service may use of it.
export { attachment, downloadRoutes } from './download-routes';
