/**
 * React's API as ESM bindings: the browser bundle maps `react/jsx-runtime` (every module) and `react` (the engine's
 * own modules) here. React ships CommonJS, so each call would otherwise go through an interop wrapper,
 * `(0,m.jsx)(...)`, `(0,S.useState)(...)`, in every module: about 0.5 KB gzipped of the first load.
 * An engine module that needs another React export adds it here (the bundle fails to build until it does).
 */
import * as React from 'react';
import * as runtime from 'react/jsx-runtime';

export const { jsx, jsxs, Fragment } = runtime;
export const {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
