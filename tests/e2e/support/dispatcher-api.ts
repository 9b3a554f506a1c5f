import { readFileSync } from 'node:fs';
import type { APIRequest, APIRequestContext, Cookie } from '@playwright/test';
import { baseURL } from './environment';
import { expect, sessionFile, type DemoRole } from './fixtures';

/** The dispatcher's session for API calls, from the app's origin (as the browser sends them): a journey's setup, as the Loads screen calls it. */
export async function dispatcherApi(playwright: { request: APIRequest }): Promise<APIRequestContext> {
  return roleApi(playwright, 'Dispatcher');
}

/** A demo role's stored session for API calls, from the app's origin (the admin's settings, the driver's phone). */
export async function roleApi(playwright: { request: APIRequest }, role: DemoRole): Promise<APIRequestContext> {
  const { cookies } = JSON.parse(readFileSync(sessionFile(role), 'utf8')) as { cookies: Cookie[] };
  return playwright.request.newContext({ baseURL, storageState: { cookies, origins: [] }, extraHTTPHeaders: { origin: baseURL } });
}

/** A tRPC mutation through that session; fails the journey with the server's answer when refused. */
export async function mutate<T>(api: APIRequestContext, path: string, input: unknown): Promise<T> {
  const response = await api.post(`/trpc/${path}`, { data: input });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { result: { data: T } }).result.data;
}
