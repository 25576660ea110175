// The public face of devices/: what the rest of the service may use of it.
export { awaitDecision, consumeApproval, requestApproval } from './device-approval';
export { deviceRoutes } from './device-routes';
export { deleteDevicesOfUser } from './device-store';
