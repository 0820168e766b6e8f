import mongoose from 'mongoose';

// Filters built from user input cannot smuggle in operators such as { $ne: null }, and a filter on a
// field the schema does not know throws instead of being dropped, which would widen the query.
// strictQuery is read when a schema is built, so model files take Schema and model from here.
mongoose.set('sanitizeFilter', true);
mongoose.set('strictQuery', 'throw');

// Operators the server writes itself pass the sanitizer only when marked: trusted({ $gt: date }).
export { model, Schema, trusted } from 'mongoose';

export async function connectDatabase({ uri, dbName }: { uri: string; dbName: string }): Promise<void> {
  await mongoose.connect(uri, { dbName, serverSelectionTimeoutMS: 10_000 });
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}

export async function pingDatabase({ timeoutMs }: { timeoutMs: number }): Promise<void> {
  const database = mongoose.connection.db;
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected || !database) {
    throw new Error('The database is not connected');
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`The database did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([database.command({ ping: 1 }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
