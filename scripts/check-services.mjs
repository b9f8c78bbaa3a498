// Fails loudly when a service the test suite needs is not reachable. CI calls it before the tests: the
// distributed-mode tests use the real Redis and are never skipped for want of one.
import { connect } from "node:net";

const REDIS = {
  host: process.env.PUBLIC_SCAN_TEST_REDIS_HOST ?? "127.0.0.1",
  port: Number(process.env.PUBLIC_SCAN_TEST_REDIS_PORT ?? 6379),
};

function redisPing({ host, port }) {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: 3000 });
    let reply = "";
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString("latin1");
      if (reply.includes("\r\n")) {
        socket.end();
        if (reply.startsWith("+PONG")) resolve();
        else reject(new Error(`unexpected reply ${JSON.stringify(reply.trim())}`));
      }
    });
    socket.on("timeout", () => socket.destroy(new Error("timed out")));
    socket.on("error", reject);
  });
}

try {
  await redisPing(REDIS);
  console.log(`services: Redis at ${REDIS.host}:${REDIS.port} answers PONG`);
} catch (error) {
  console.error(`services: Redis at ${REDIS.host}:${REDIS.port} is not reachable (${error.message}).`);
  console.error("The test suite needs a real Redis: start one (see README, Requirements) and run again.");
  process.exit(1);
}
