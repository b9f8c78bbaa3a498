import { serve, type Server } from "srvx";
import type { H3 } from "h3";

/** Sends a request to the app and returns its response, however the app is hosted. */
export type SendRequest = (path: string, init?: RequestInit & { clientAddress?: string }) => Promise<Response>;

export interface RestHost {
  name: string;
  start(app: H3): Promise<{ send: SendRequest; stop: () => Promise<void> }>;
}

/**
 * The same suite runs against every host (h3's describeMatrix): in-process through `app.fetch`, where the
 * test plays the host and sets the peer address, and over a real socket through srvx on Node, where the
 * peer is the loopback address the connection came from.
 */
export const REST_HOSTS: RestHost[] = [
  {
    name: "in-process (app.fetch)",
    start: (app) =>
      Promise.resolve({
        send: async (path, init = {}) => {
          const { clientAddress = "203.0.113.10", ...rest } = init;
          const request = Object.assign(new Request(`http://in-process${path}`, rest), { ip: clientAddress });
          return app.fetch(request);
        },
        stop: () => Promise.resolve(),
      }),
  },
  {
    name: "socket (srvx on Node)",
    start: async (app) => {
      const server: Server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: "127.0.0.1", silent: true });
      await server.ready();
      const origin = new URL(server.url!).origin;
      return {
        send: (path, init = {}) => {
          const { clientAddress: _ignored, ...rest } = init;
          return fetch(`${origin}${path}`, rest);
        },
        stop: () => server.close(true),
      };
    },
  },
];
