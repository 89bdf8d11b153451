/** Entry of the page: mounts the app. */
import { render } from 'preact';
import { App } from './App.tsx';
import './style.css';

render(<App />, document.getElementById('app')!);
