"""TF 2.21's Adam updates a gradient of rows (an IndexedSlices: an embedding lookup's or a
gather's) by its sparse rule: the moments of the whole variable decay (m += -m (1 - b1)),
then the rows' terms are added (m[rows] += g (1 - b1)). The dense rule (m += (g - m) (1 - b1))
rounds otherwise in float32, so an embedding trained with Adam drifted from TF's digits from
its second step (the word embeddings tutorial's losses from the second epoch). Expected values
are TF 2.21's (tf_keras) float32 bits."""

import numpy as np

import eagerbook as tf

# the embedding's first two rows after each step (float32 bytes, hex)
TF_AFTER_STEPS = ["17240abcee55eebc16b6c33c485af0bc1afea7bc324829bdb65c25bc3a53703d",
                  "f2d696bc621c20bdebd9633cb4719ebcd8c0f9bcce3852bd6475a4bc64a38c3d"]
TF_AFTER_FIT = "d77d0f3cf0f442bcc545283d4e933ebd060092bc424c1ebdd0cef2bb325a653d"


def test_an_embedding_steps_as_tfs_sparse_adam():
    tf.keras.utils.set_random_seed(0)
    embedding, dense = tf.keras.layers.Embedding(10, 4), tf.keras.layers.Dense(1)
    optimizer = tf.keras.optimizers.Adam(0.01)
    ids = tf.constant([[1, 2, 1, 5], [3, 1, 0, 5]])  # row 1 three times, 5 twice
    for expected in TF_AFTER_STEPS:
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(dense(embedding(ids)) - 1.0))
        variables = embedding.trainable_variables + dense.trainable_variables
        grads = tape.gradient(loss, variables)
        assert type(grads[0]).__name__ == "IndexedSlices"
        optimizer.apply_gradients(zip(grads, variables))
        assert embedding.embeddings.numpy().ravel()[:8].tobytes().hex() == expected


def test_fit_updates_an_embedding_as_tf():
    tf.keras.utils.set_random_seed(0)
    model = tf.keras.Sequential([tf.keras.layers.Embedding(10, 4),
                                 tf.keras.layers.GlobalAveragePooling1D(),
                                 tf.keras.layers.Dense(1)])
    model.compile(optimizer="adam", loss="mse")
    model.fit(np.array([[1, 2, 1, 5], [3, 1, 0, 5], [4, 4, 2, 9]]), np.array([1., 0., 1.]),
              epochs=5, verbose=0, batch_size=2)
    assert model.layers[0].embeddings.numpy().ravel()[:8].tobytes().hex() == TF_AFTER_FIT
