// Renderer entry: Vue, Pinia and the hash router. The host bridge is looked up later, by App.vue, through bridge/.
import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { createAppRouter } from './router';
import './styles.css';
import './styles/page-layout.css';

createApp(App).use(createPinia()).use(createAppRouter()).mount('#app');
