export { CONTROL_PREFIX, HttpError, startHttpEmulator } from './core/http-server.js';
export type { EmulatorReply, EmulatorRequest, HttpEmulator, Route, RouteHandler } from './core/http-server.js';
export type { FaultEffect, FaultSpec } from './core/faults.js';
export type { LoggedRequest } from './core/request-log.js';
