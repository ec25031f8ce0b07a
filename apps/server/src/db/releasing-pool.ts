import pg from 'pg';

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * A pg pool whose checked-out clients go back by themselves when their connection dies.
 *
 * Drizzle's node-postgres `transaction()` (0.45) sends BEGIN before its try/finally: when the
 * connection breaks between the checkout and BEGIN (a database restart, a network cut under
 * load), the client is never released. The pool then counts it as busy for ever: after enough
 * outages every slot is gone, requests wait out the connection timeout, and `pool.end()` never
 * returns. Here a client whose connection ends while it is checked out is released with the
 * error (the pool drops it), and the later release by its user, if any, does nothing.
 */
export class ReleasingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (callback) {
      super.connect((err, client, done) => {
        if (err || !client) return callback(err, client, done);
        const guarded = guardRelease(client);
        callback(undefined, guarded, (release?: unknown) =>
          guarded.release(release as Error | boolean | undefined),
        );
      });
      return undefined;
    }
    return super.connect().then(guardRelease);
  }
}

function guardRelease(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const onEnd = () => {
    if (released) return;
    released = true;
    release(new Error('the connection ended while the client was checked out'));
  };
  client.once('end', onEnd);
  client.release = (err?: Error | boolean) => {
    client.off('end', onEnd);
    if (released) return;
    released = true;
    release(err);
  };
  return client;
}
