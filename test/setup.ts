// Colyseus 0.18 needs a global WebSocket for reconnection; Node 20 has none (Node 22+ does).
import { WebSocket as WS } from "ws";
(globalThis as { WebSocket?: unknown }).WebSocket ??= WS;
