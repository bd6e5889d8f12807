/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch is on: type useLoaderData/useActionData accordingly.
declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
