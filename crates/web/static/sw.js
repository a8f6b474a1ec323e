// The service worker of Helvetia Online: shows the messages the server pushes to this device
// (its turn in a game, a game starting or ending, a clock running low) as notifications, and
// opens the game when one is clicked. A newer message of a game replaces the older one.
"use strict";

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", function (event) {
  let message = null;
  try {
    message = event.data ? event.data.json() : null;
  } catch (_) {
    message = null;
  }
  if (!message || !message.title) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body || "",
      tag: message.tag || "",
      data: { url: message.url || "/" },
      icon: "/static/icon.svg",
    })
  );
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  if (url.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (tabs) {
      for (const tab of tabs) {
        if (tab.url === url.href && "focus" in tab) return tab.focus();
      }
      return self.clients.openWindow(url.href);
    })
  );
});
