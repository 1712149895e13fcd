/** A fetch-shaped stand-in for the network; tests put a fake server here. */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
