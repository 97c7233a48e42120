import dgram from 'node:dgram';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { Tally } from '@sprout/testkit/vitest';
import { CHECK_BROWSER_ARGS, ChromiumPool } from './chromium-pool';
import { chromiumPath, installedChromiums } from '@sprout/testkit/browser';

const network = new Tally('check browser: network beyond its own origin (WebRTC, UDP)');

// A checked page runs generated code on the server. WebRTC reaches addresses (no name to refuse) over
// UDP, outside the request interception: a probe once had a checked page send STUN and TURN packets,
// with app data in the TURN username, to a listener. Nothing may arrive, however the page asks.

const CHROMIUM = chromiumPath();
const pool = new ChromiumPool({ executablePath: CHROMIUM, concurrency: 1 });

let udp: dgram.Socket;
let tcp: net.Server;
const received = { udp: 0, tcp: 0 };

beforeAll(async () => {
  udp = dgram.createSocket('udp4');
  udp.on('message', () => received.udp++);
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
  tcp = net.createServer((socket) => {
    received.tcp++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await pool.close();
  udp.close();
  await new Promise((resolve) => tcp.close(resolve));
});

/** What an attacker's page does: a peer connection (its own or a fresh frame's) to STUN and TURN servers on the machine. */
function tryPeerConnections(page: Page, udpPort: number, tcpPort: number) {
  return page.evaluate(
    async ({ udpPort, tcpPort }) => {
      const frame = document.createElement('iframe');
      document.body.append(frame);
      const own = (globalThis as { RTCPeerConnection?: typeof RTCPeerConnection }).RTCPeerConnection;
      const fromFrame = (frame.contentWindow as unknown as { RTCPeerConnection?: typeof RTCPeerConnection } | null)?.RTCPeerConnection;
      const RTC = own ?? fromFrame;
      if (!RTC) return { own: false, frame: false, gathering: 'no peer connections' };
      const pc = new RTC({
        iceServers: [
          { urls: `stun:127.0.0.1:${udpPort}` },
          { urls: [`turn:127.0.0.1:${udpPort}`, `turn:127.0.0.1:${tcpPort}?transport=tcp`], username: 'app-data-in-the-username', credential: 'x' },
        ],
      });
      pc.createDataChannel('leak');
      // Gathering ends by itself; the page's own timer only bounds a browser that never says so.
      const gathered = new Promise<string>((resolve) => {
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve('complete');
        setTimeout(() => resolve('still gathering'), 10_000);
      });
      await pc.setLocalDescription(await pc.createOffer());
      const gathering = await gathered;
      pc.close();
      return { own: !!own, frame: !!fromFrame, gathering };
    },
    { udpPort, tcpPort },
  );
}

const ports = () => ({ udpPort: (udp.address() as net.AddressInfo).port, tcpPort: (tcp.address() as net.AddressInfo).port });

describe('the check browser and WebRTC', () => {
  it('gives a checked page no peer connection, in the page or in a fresh frame', async () => {
    const { udpPort, tcpPort } = ports();
    const answer = await pool.withContext({}, async (context) => {
      const page = await context.newPage();
      await page.setContent('<body></body>');
      return tryPeerConnections(page, udpPort, tcpPort);
    });
    expect(answer).toEqual({ ok: true, value: { own: false, frame: false, gathering: 'no peer connections' } });
    network.check(received.udp === 0 && received.tcp === 0, `a checked page reached a listener: ${JSON.stringify(received)}`);
    network.assertClean();
  });

  // Each of Debian's builds the API may pick that is installed here (the headless shell reads another flag).
  const installed = installedChromiums();
  it('runs on at least one installed Chromium', () => expect(installed.length).toBeGreaterThan(0));
  it.each(installed)('lets no STUN or TURN packet out even where a page has peer connections: the browser itself is told no (%s)', async (executablePath) => {
    const { udpPort, tcpPort } = ports();
    const browser = await chromium.launch({ executablePath, args: CHECK_BROWSER_ARGS });
    try {
      const page = await (await browser.newContext()).newPage();
      await page.setContent('<body></body>');
      expect(await tryPeerConnections(page, udpPort, tcpPort)).toMatchObject({ own: true, gathering: 'complete' });
    } finally {
      await browser.close();
    }
    network.check(received.udp === 0 && received.tcp === 0, `the check browser let WebRTC out: ${JSON.stringify(received)}`);
    network.assertClean();
  });
});
