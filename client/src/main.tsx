import './shared/styles/index.css';
import { boot } from './boot/boot.ts';

const container = document.getElementById('root');
if (container) void boot(container);
